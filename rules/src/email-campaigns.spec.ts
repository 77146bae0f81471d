import { followUpSubject } from './email-campaigns.js';

describe('followUpSubject', () => {
  it('answers the e-mail it follows up as a reply', () => {
    expect(followUpSubject('[JOB CASTING] C-1 프로필 3명')).toBe('Re: [JOB CASTING] C-1 프로필 3명');
  });

  it('does not stack a second "Re:" on a subject that is a reply already', () => {
    expect(followUpSubject('Re: 프로필')).toBe('Re: 프로필');
    expect(followUpSubject('RE: 프로필')).toBe('RE: 프로필');
    expect(followUpSubject(followUpSubject('프로필'))).toBe('Re: 프로필');
  });

  it('keeps a subject that only contains "re:" further on', () => {
    expect(followUpSubject('Casting re: drama')).toBe('Re: Casting re: drama');
  });
});
