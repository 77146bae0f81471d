import { describe, expect, it } from 'vitest';
import { fieldLabel } from './contact-fields.ts';

describe('field labels', () => {
  it('name every CSV upload column as the spec does, not by its field name', () => {
    const csvFields = [
      'group',
      'chatWindowName',
      'contactName',
      'phoneNumber',
      'email',
      'definition1',
      'definition2',
      'definition3',
      'memo',
      'startStatus',
      'completionStatus',
      'checklistConfirm',
      'kakaoTalk',
      'modifyChat',
    ];
    expect(csvFields.map(fieldLabel)).toEqual([
      'Group',
      'Chat Window Name',
      'Name',
      'Phone Number',
      'Email',
      'Definition 1',
      'Definition 2',
      'Definition 3',
      'Memo',
      'Start Status',
      'Completion Status',
      'Checklist Confirmation',
      'KakaoTalk Chat Name',
      'Modified Chat Name',
    ]);
  });
});
