import { advertisingText, sendingHoursProblem, SENDING_HOURS_MESSAGES } from './sending-rules.js';

/** A moment given in Korean time. */
const kst = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 25, hour - 9, minute));

describe('sendingHoursProblem', () => {
  it('refuses KakaoTalk from 20:00 to 08:00', () => {
    expect(sendingHoursProblem({ channel: 'kakao', advertising: false }, kst(19, 59))).toBeNull();
    expect(sendingHoursProblem({ channel: 'kakao', advertising: false }, kst(20))).toBe(
      SENDING_HOURS_MESSAGES.kakaoNight,
    );
    expect(sendingHoursProblem({ channel: 'kakao', advertising: false }, kst(7, 59))).toBe(
      SENDING_HOURS_MESSAGES.kakaoNight,
    );
    expect(sendingHoursProblem({ channel: 'kakao', advertising: false }, kst(8))).toBeNull();
  });

  it('refuses advertising from 21:00 to 08:00, and lets other SMS go at any hour', () => {
    expect(sendingHoursProblem({ channel: 'sms', advertising: true }, kst(20, 59))).toBeNull();
    expect(sendingHoursProblem({ channel: 'sms', advertising: true }, kst(21))).toBe(
      SENDING_HOURS_MESSAGES.advertisingNight,
    );
    expect(sendingHoursProblem({ channel: 'sms', advertising: true }, kst(3))).toBe(
      SENDING_HOURS_MESSAGES.advertisingNight,
    );
    expect(sendingHoursProblem({ channel: 'sms', advertising: false }, kst(3))).toBeNull();
  });
});

describe('advertisingText', () => {
  it('marks the text, names the sender and ends with the free opt-out number', () => {
    expect(advertisingText('신인 배우 모집 안내', '잡캐스팅', '080-123-4567')).toBe(
      '(광고)잡캐스팅 신인 배우 모집 안내\n무료수신거부 080-123-4567',
    );
  });

  it('leaves a text that already carries the mark and the opt-out alone', () => {
    const ready = '(광고)잡캐스팅 모집\n무료수신거부 080-123-4567';
    expect(advertisingText(ready, '잡캐스팅', '080-123-4567')).toBe(ready);
  });
});
