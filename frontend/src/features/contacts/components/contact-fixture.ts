import type { Contact } from '../api/contacts-keys.ts';

/** A contact for tests: every field blank but the ones given. */
export function contactFixture(id: number, fields: Partial<Contact> = {}): Contact {
  return {
    id,
    check: false,
    contactName: '',
    phoneNumber: '',
    email: '',
    definition1: '',
    definition2: '',
    definition3: '',
    memo: '',
    startStatus: '',
    completionStatus: '',
    checklistConfirm: '',
    chatWindowName: '',
    modifyChat: '',
    kakaoTalk: '',
    Group: null,
    groupId: null,
    addressBookId: 1,
    version: 1,
    ...fields,
  };
}
