import { kakaoFate, pairReports, plainDeliveryFailure, smsFate, TEST_MODE_FAILURE } from './delivery-reports.js';

describe('plainDeliveryFailure', () => {
  it("says each carrier's reason in plain words, keeping the gateway's word", () => {
    expect(plainDeliveryFailure('결번')).toBe('The number is not in service (결번)');
    expect(plainDeliveryFailure('수신거부')).toBe('The recipient refuses these messages (수신거부)');
    expect(plainDeliveryFailure('전원 꺼짐/수신불가')).toBe('The phone was off or out of reach (전원 꺼짐/수신불가)');
    expect(plainDeliveryFailure('단말기 전원꺼짐')).toBe('The phone was off or out of reach (전원 꺼짐/수신불가)');
    expect(plainDeliveryFailure('스팸 차단')).toBe('The carrier blocked it as spam (스팸 차단)');
  });

  it('passes on words it does not know, and says when there are none', () => {
    expect(plainDeliveryFailure('단말기 메시지 저장 초과')).toBe(
      'The carrier could not deliver it: 단말기 메시지 저장 초과',
    );
    expect(plainDeliveryFailure('기타')).toBe('The carrier could not deliver it (기타: no reason given)');
    expect(plainDeliveryFailure('  ')).toBe('The carrier could not deliver it (기타: no reason given)');
  });
});

describe('smsFate', () => {
  it('reads sms_list: delivered, failed at the carrier or at intake with the reason, or still on its way', () => {
    expect(smsFate({ state: '발송완료', reason: '' })).toEqual({ fate: 'delivered', note: null });
    expect(smsFate({ state: '전송실패', reason: '결번' })).toEqual({
      fate: 'failed',
      reason: 'The number is not in service (결번)',
    });
    expect(smsFate({ state: '발송실패', reason: '' })).toEqual({
      fate: 'failed',
      reason: 'The carrier could not deliver it (기타: no reason given)',
    });
    expect(smsFate({ state: '전송중', reason: '' })).toEqual({ fate: 'pending' });
    expect(smsFate({ state: '예약대기중', reason: '' })).toEqual({ fate: 'pending' });
  });

  it('calls a test-mode message failed: nothing was delivered', () => {
    expect(smsFate({ state: '연동테스트', reason: '' })).toEqual({ fate: 'failed', reason: TEST_MODE_FAILURE });
  });
});

describe('kakaoFate', () => {
  const kakao = (
    state: string,
    code: string,
    reason = '',
    failover: { state: string; reason: string } | null = null,
  ) => ({ state, code, reason, failover });

  it('reads the KakaoTalk history: 완료 delivered, 실패 failed with the reason, 전송중 pending', () => {
    expect(kakaoFate(kakao('완료', '0'))).toEqual({ fate: 'delivered', note: null });
    expect(kakaoFate(kakao('실패', '5', '스팸 차단'))).toEqual({
      fate: 'failed',
      reason: 'The carrier blocked it as spam (스팸 차단)',
    });
    expect(kakaoFate(kakao('전송중', ''))).toEqual({ fate: 'pending' });
  });

  it('follows the fail-over SMS of a message KakaoTalk could not reach', () => {
    expect(kakaoFate(kakao('실패', 'U', '', { state: '발송완료', reason: '' }))).toMatchObject({
      fate: 'delivered',
      note: expect.stringMatching(/^Delivered as SMS/),
    });
    expect(kakaoFate(kakao('실패', 'U', '', { state: '전송중', reason: '' }))).toEqual({ fate: 'pending' });
    expect(kakaoFate(kakao('실패', 'U', '', { state: '전송실패', reason: '결번' }))).toEqual({
      fate: 'failed',
      reason: 'KakaoTalk could not reach it, nor its SMS: The number is not in service (결번)',
    });
  });
});

describe('pairReports', () => {
  it('pairs deliveries with records by number, two messages to one number in their order', () => {
    const deliveries = [
      { id: 3, phone: '01011112222' },
      { id: 1, phone: '01011112222' },
      { id: 2, phone: '01033334444' },
      { id: 4, phone: '01055556666' },
    ];
    const reports = [
      { phone: '01033334444', n: 'a' },
      { phone: '01011112222', n: 'b' },
      { phone: '01011112222', n: 'c' },
    ];
    expect(pairReports(deliveries, reports).map(({ delivery, report }) => [delivery.id, report.n])).toEqual([
      [1, 'b'],
      [2, 'a'],
      [3, 'c'],
    ]);
  });
});
