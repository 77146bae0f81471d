import PostalMime from 'postal-mime';
import { buildMimeMessage } from './mime-message.js';
import { renderEmail } from './domain/render-email.js';

describe('buildMimeMessage', () => {
  it('keeps a Korean subject and sender name intact, with HTML and plain text', async () => {
    const body = renderEmail('안녕하세요 {{nameKor}}님', {
      post: { postId: 'P', manager: null, phoneCall: null, customerEmail: null },
      senderEmail: 'a@b.kr',
      models: [
        {
          comcardNo: 'JC-1',
          nameKor: '에밀리',
          nameEng: null,
          image: null,
          national: null,
          stage: null,
          additionalPic: null,
          download: null,
          comcardPhotoURL: null,
          htmlUrl: null,
        },
      ],
    });
    const raw = await buildMimeMessage({
      from: { name: '잡캐스팅 김실장', address: 'agency@gmail.com' },
      to: 'cast@studio.example',
      subject: '[캐스팅] 프로필 전달드립니다',
      body,
    });
    expect([...raw].every((byte) => byte < 0x80)).toBe(true);
    const mail = await PostalMime.parse(raw);
    expect(mail.subject).toBe('[캐스팅] 프로필 전달드립니다');
    expect(mail.from).toMatchObject({ name: '잡캐스팅 김실장', address: 'agency@gmail.com' });
    expect(mail.to).toEqual([expect.objectContaining({ address: 'cast@studio.example' })]);
    expect(mail.html).toContain('<meta charset="utf-8">');
    expect(mail.html).toContain('안녕하세요 에밀리님');
    expect(mail.text).toBe('안녕하세요 에밀리님');
  });

  it('names the message it answers, so that a follow-up joins its thread', async () => {
    const body = { html: '<p>다시 연락드립니다</p>', text: '다시 연락드립니다' };
    const email = {
      from: { name: 'Agency', address: 'agency@gmail.com' },
      to: 'cast@studio.example',
      subject: 'Re: 프로필',
      body,
    };
    const reply = await PostalMime.parse(
      await buildMimeMessage({
        ...email,
        inReplyTo: '<second@mail.gmail.com>',
        references: ['<first@mail.gmail.com>', '<second@mail.gmail.com>'],
      }),
    );
    expect(reply.inReplyTo).toBe('<second@mail.gmail.com>');
    expect(reply.references).toBe('<first@mail.gmail.com> <second@mail.gmail.com>');
    const fresh = await PostalMime.parse(await buildMimeMessage(email));
    expect(fresh.inReplyTo).toBeUndefined();
    expect(fresh.references).toBeUndefined();
  });
});
