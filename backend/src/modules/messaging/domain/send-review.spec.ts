import { estimatedCost, noTypes, remainingIsShort, remainingShortMessage } from './send-review.js';

const PRICES = { SMS: 8.4, LMS: 25.9, MMS: 60, KAKAO: 13.2 };

describe('estimatedCost', () => {
  it('adds each type at its unit price, to the tenth of a won', () => {
    expect(estimatedCost({ SMS: 3, LMS: 0, MMS: 0, KAKAO: 0 }, PRICES)).toBe(25.2);
    expect(estimatedCost({ SMS: 1, LMS: 2, MMS: 1, KAKAO: 10 }, PRICES)).toBe(8.4 + 51.8 + 60 + 132);
    expect(estimatedCost(noTypes(), PRICES)).toBe(0);
  });
});

describe('remainingIsShort', () => {
  const none = { SMS: 0, LMS: 0, MMS: 0 };
  it('lets a send through that the balance pays for, to the last message', () => {
    expect(remainingIsShort({ ...none, SMS: 100 }, { SMS_CNT: 100, LMS_CNT: 32, MMS_CNT: 14 })).toBe(false);
    expect(remainingIsShort(none, { SMS_CNT: 0, LMS_CNT: 0, MMS_CNT: 0 })).toBe(false);
  });

  it('counts one balance across the types: half of it in SMS and half in LMS fits, more does not', () => {
    const remaining = { SMS_CNT: 300, LMS_CNT: 100, MMS_CNT: 40 };
    expect(remainingIsShort({ SMS: 150, LMS: 50, MMS: 0 }, remaining)).toBe(false);
    expect(remainingIsShort({ SMS: 150, LMS: 51, MMS: 0 }, remaining)).toBe(true);
    expect(remainingIsShort({ SMS: 0, LMS: 0, MMS: 41 }, remaining)).toBe(true);
  });

  it('is short at once for a type the account can send none of', () => {
    expect(remainingIsShort({ SMS: 1, LMS: 0, MMS: 0 }, { SMS_CNT: 0, LMS_CNT: 0, MMS_CNT: 0 })).toBe(true);
  });

  it('says what the send needs and what is left', () => {
    expect(remainingShortMessage({ SMS: 2, LMS: 1200, MMS: 0 }, { SMS_CNT: 3000, LMS_CNT: 970, MMS_CNT: 420 })).toBe(
      'The gateway account has too little left for this send: it needs 2 SMS, 1,200 LMS, and the balance pays for 3,000 SMS, 970 LMS or 420 MMS. Top up the gateway account, then send.',
    );
  });
});
