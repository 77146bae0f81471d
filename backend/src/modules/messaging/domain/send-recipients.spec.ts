import { type KnownPicture, type LeftOutReason, recipientDeliveries, RECIPIENT_MESSAGES } from './send-recipients.js';

const same = (text: string) => text;
const none = new Map<string, LeftOutReason>();
const noPictures = new Map<string, KnownPicture>();

describe('recipientDeliveries', () => {
  it('leaves out numbers that are not mobile ones, as typed', () => {
    const { deliveries, excluded } = recipientDeliveries(
      'sms',
      [{ phone: ' 02-123-4567 ', name: '사무실', text: '안녕' }],
      same,
      none,
      noPictures,
    );
    expect(deliveries).toEqual([]);
    expect(excluded).toEqual([{ phone: '02-123-4567', name: '사무실', reason: 'not-mobile' }]);
  });

  it('leaves out a number the register names once, however often it is listed', () => {
    const leaveOut = new Map<string, LeftOutReason>([['01012345678', 'opted-out']]);
    const { deliveries, excluded } = recipientDeliveries(
      'sms',
      [
        { phone: '010-1234-5678', text: 'a' },
        { phone: '01012345678', text: 'b' },
      ],
      same,
      leaveOut,
      noPictures,
    );
    expect(deliveries).toEqual([]);
    expect(excluded).toEqual([{ phone: '01012345678', name: '', reason: 'opted-out' }]);
  });

  it('sends the same message to the same number once', () => {
    const { deliveries, excluded } = recipientDeliveries(
      'sms',
      [
        { phone: '010-1111-2222', name: 'A', text: '같은 말' },
        { phone: '01011112222', name: 'A', text: '같은 말' },
        { phone: '01011112222', name: 'A', text: '다른 말' },
      ],
      same,
      none,
      noPictures,
    );
    expect(deliveries.map((delivery) => delivery.text)).toEqual(['같은 말', '다른 말']);
    expect(excluded).toEqual([{ phone: '01011112222', name: 'A', reason: 'duplicate' }]);
  });

  it('gives each message its final text and type', () => {
    const { deliveries } = recipientDeliveries(
      'sms',
      [{ phone: '01011112222', text: 'hi' }],
      (text) => `(광고) ${text}`,
      none,
      noPictures,
    );
    expect(deliveries).toEqual([{ phone: '01011112222', name: '', text: '(광고) hi', type: 'SMS', files: [] }]);
  });

  it('splits pictures into MMS of three, numbering the further messages', () => {
    const ids = ['p1', 'p2', 'p3', 'p4'];
    const pictures = new Map(ids.map((id) => [id, { folder: '', mimeType: 'image/jpeg' }]));
    const { deliveries } = recipientDeliveries(
      'sms',
      [{ phone: '01011112222', text: '사진', files: ids }],
      same,
      none,
      pictures,
    );
    expect(deliveries).toEqual([
      { phone: '01011112222', name: '', text: '사진', type: 'MMS', files: ['p1', 'p2', 'p3'] },
      { phone: '01011112222', name: '', text: '(2/2)', type: 'MMS', files: ['p4'] },
    ]);
  });

  it('names each recipient that cannot be sent to, by its place in the list', () => {
    const gif = new Map([['g', { folder: '', mimeType: 'image/gif' }]]);
    const { deliveries, problems } = recipientDeliveries(
      'kakao',
      [
        { phone: '01011112222', text: ' ' },
        { phone: '01033334444', text: 'x', files: ['g'] },
        { phone: '01055556666', text: 'a'.repeat(1001) },
      ],
      same,
      none,
      gif,
    );
    expect(deliveries).toEqual([]);
    expect(problems).toEqual([
      { index: 0, message: 'Recipient 1 (01011112222): Please enter the message content.' },
      { index: 1, message: RECIPIENT_MESSAGES.badText(1, '01033334444', RECIPIENT_MESSAGES.kakaoPictures) },
      { index: 2, message: RECIPIENT_MESSAGES.badText(2, '01055556666', RECIPIENT_MESSAGES.kakaoLength(1000)) },
    ]);
  });
});
