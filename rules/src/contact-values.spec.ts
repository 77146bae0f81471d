import {
  checklistOf,
  choiceOf,
  isChecklistValue,
  isContactEmail,
  isEmailAddress,
  isStatusCode,
} from './contact-values.js';

describe('checklistOf', () => {
  it('reads every spelling of a confirmation as one', () => {
    expect(['agreement', 'Match', ' 일치 ', 'AGREEMENT'].map(checklistOf)).toEqual([
      'agreement',
      'agreement',
      'agreement',
      'agreement',
    ]);
    expect(['inconsistency', 'Mismatch', '불일치'].map(checklistOf)).toEqual([
      'inconsistency',
      'inconsistency',
      'inconsistency',
    ]);
  });

  it('reads anything else as no confirmation yet', () => {
    expect([undefined, null, '', '  ', '확인중', 'maybe'].map(checklistOf)).toEqual(['', '', '', '', '', '']);
  });
});

describe('the values an edit may set', () => {
  it('takes a checklist in a known spelling or blank, nothing else', () => {
    expect(['', 'agreement', 'Mismatch', '일치'].every(isChecklistValue)).toBe(true);
    expect(['ok', '확인중', 'agree'].some(isChecklistValue)).toBe(false);
  });

  it('takes the status codes 1, 3, 5 or blank, nothing else', () => {
    expect(['', '1', ' 3 ', '5'].every(isStatusCode)).toBe(true);
    expect(['2', '4', 'done', '11'].some(isStatusCode)).toBe(false);
  });

  it('shows a stored value as its choice, a checklist in any spelling too', () => {
    expect(choiceOf('checklistConfirm', 'Match')?.label).toBe('agreement · 일치');
    expect(choiceOf('completionStatus', '5')?.label).toBe('5 · Existing chat name kept');
    expect(choiceOf('startStatus', '2')).toBeNull();
  });
});

describe('isEmailAddress', () => {
  it('takes addresses as people write them', () => {
    expect(['minjun@example.com', ' a.b+tag@mail.co.kr ', '김@회사.한국'].every(isEmailAddress)).toBe(true);
  });

  it('refuses names, phones and half addresses', () => {
    expect(
      [
        '김민준',
        '010-1234-5678',
        'minjun@',
        'minjun@example',
        '@example.com',
        'min jun@example.com',
        'a@b..com',
        '',
      ].some(isEmailAddress),
    ).toBe(false);
  });
});

describe('isContactEmail', () => {
  it('takes nothing, one address, or the list a merge joins', () => {
    expect(['', '  ', 'a@b.kr', 'a@b.kr, c@d.com', 'a@b.kr;c@d.com'].every(isContactEmail)).toBe(true);
  });

  it('refuses a list with anything in it that is not an address', () => {
    expect(['a@b.kr, 김민준', 'a@b.kr,', '010-1234-5678'].some(isContactEmail)).toBe(false);
  });
});
