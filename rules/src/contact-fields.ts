/**
 * The text fields of a contact (spec §3, list form), each with its stored column and the most it may hold: the server
 * refuses longer values, and the SPA lists, edits and merges the same fields.
 */
export const CONTACT_TEXT_FIELDS = {
  contactName: { column: 'contact_name', maxLength: 200 },
  phoneNumber: { column: 'phone_number', maxLength: 100 },
  email: { column: 'email', maxLength: 1000 },
  definition1: { column: 'definition1', maxLength: 2000 },
  definition2: { column: 'definition2', maxLength: 2000 },
  definition3: { column: 'definition3', maxLength: 2000 },
  memo: { column: 'memo', maxLength: 20000 },
  startStatus: { column: 'start_status', maxLength: 50 },
  completionStatus: { column: 'completion_status', maxLength: 50 },
  checklistConfirm: { column: 'checklist_confirm', maxLength: 50 },
  chatWindowName: { column: 'chat_window_name', maxLength: 200 },
  kakaoTalk: { column: 'kakao_talk', maxLength: 200 },
  modifyChat: { column: 'modify_chat', maxLength: 200 },
} as const;

export type ContactTextField = keyof typeof CONTACT_TEXT_FIELDS;
export const CONTACT_TEXT_FIELD_NAMES = Object.keys(CONTACT_TEXT_FIELDS) as ContactTextField[];
export type ContactText = Record<ContactTextField, string>;

/** What staff edit of a contact, in the table and the dialogs: its text fields and its group. */
export const CONTACT_EDITABLE_FIELDS = [...CONTACT_TEXT_FIELD_NAMES, 'groupId'] as const;
export type ContactEditableField = ContactTextField | 'groupId';
