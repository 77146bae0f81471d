import { checklistOf } from './contact-fields.js';

describe('checklistOf', () => {
  it('reads every spelling of a confirmation the screens and sheets use', () => {
    expect(['agreement', 'Match', ' 일치 ', 'AGREEMENT'].map(checklistOf)).toEqual(['agreement', 'agreement', 'agreement', 'agreement']);
    expect(['inconsistency', 'Mismatch', '불일치'].map(checklistOf)).toEqual(['inconsistency', 'inconsistency', 'inconsistency']);
  });

  it('treats blank and unknown words as not confirmed', () => {
    expect([undefined, null, '', '  ', '확인중', 'maybe'].map(checklistOf)).toEqual(['', '', '', '', '', '']);
  });
});
