// The contact fields, the checklist spellings and the end-status codes are the SPA's too: they live in the rules
// package.
export {
  checklistOf,
  CONTACT_TEXT_FIELD_NAMES,
  CONTACT_TEXT_FIELDS,
  END_STATUS,
  type Checklist,
  type ContactText,
  type ContactTextField,
} from '@job-casting/rules';
