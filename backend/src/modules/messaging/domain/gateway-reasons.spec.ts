import { plainGatewayReason } from './gateway-reasons.js';

describe('plainGatewayReason', () => {
  it('says what a known refusal means and keeps the gateway code and message', () => {
    expect(plainGatewayReason('-101', '인증오류입니다.')).toBe(
      "The gateway did not accept the sender number's API key. Check the key in the Phone Number Manager. (-101 인증오류입니다.)",
    );
    expect(plainGatewayReason('-103', '등록/인증되지 않은 발신번호입니다.')).toMatch(
      /^The sender number is not registered with the gateway\./,
    );
  });

  it('passes any other refusal on with its code', () => {
    expect(plainGatewayReason('-99', '카카오 채널이 없습니다.')).toBe(
      'The gateway refused the messages: 카카오 채널이 없습니다. (-99)',
    );
  });
});
