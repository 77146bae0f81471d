import { CONTACT_TEXT_FIELD_NAMES, type ContactText } from './contact-fields.js';
import { distinctValues, mergedFields } from './contact-merge.js';

const contact = (fields: Partial<ContactText>): ContactText =>
  ({ ...Object.fromEntries(CONTACT_TEXT_FIELD_NAMES.map((field) => [field, ''])), ...fields }) as ContactText;

describe('mergedFields', () => {
  const survivor = contact({ contactName: '김민준', phoneNumber: '010-1234-5678', email: 'kim@a.kr', memo: '첫 메모' });
  const others = [
    contact({
      contactName: '김민준(배우)',
      phoneNumber: '01012345678',
      email: 'KIM@a.kr',
      definition1: '배우',
      memo: '둘째 메모',
    }),
    contact({
      phoneNumber: '+82 10 1234 5678',
      email: 'minjun@b.kr',
      definition1: '모델',
      definition2: '서울',
      memo: '첫 메모',
    }),
  ];

  it("keeps the survivor's values and fills its blanks from the first other that has one", () => {
    expect(mergedFields(survivor, others, { mergeEmails: false, mergeMemos: false })).toEqual({
      definition1: '배우',
      definition2: '서울',
    });
  });

  it('joins the distinct e-mails and memos when asked, the survivor first', () => {
    const changes = mergedFields(survivor, others, { mergeEmails: true, mergeMemos: true });
    expect(changes.email).toBe('kim@a.kr, minjun@b.kr');
    expect(changes.memo).toBe('첫 메모\n둘째 메모');
  });

  it("never changes the way the survivor's phone was typed", () => {
    expect(
      mergedFields(contact({ contactName: 'x' }), others, { mergeEmails: false, mergeMemos: false }).phoneNumber,
    ).toBeUndefined();
  });

  it('changes nothing when the others add nothing', () => {
    expect(mergedFields(survivor, [contact({ email: 'kim@a.kr' })], { mergeEmails: true, mergeMemos: true })).toEqual(
      {},
    );
  });
});

describe('distinctValues', () => {
  it('splits e-mail lists and compares them without case', () => {
    expect(
      distinctValues([contact({ email: 'a@x.kr; B@x.kr' }), contact({ email: 'b@x.kr, c@x.kr' })], 'email'),
    ).toEqual(['a@x.kr', 'B@x.kr', 'c@x.kr']);
  });

  it('skips blanks', () => {
    expect(distinctValues([contact({ memo: ' ' }), contact({ memo: '' })], 'memo')).toEqual([]);
  });
});
