// What other features use of email-templates: everything else in it is its own.
export {
  type UnsharedComcardLink,
  useComcardSharing,
  useEmailPreview,
  useEmailTemplates,
} from './api/email-templates.ts';
export { EmailPreviewBody, RenderedEmail } from './components/email-preview.tsx';
export { EmailTemplatesDialog } from './components/email-templates-dialog.tsx';
