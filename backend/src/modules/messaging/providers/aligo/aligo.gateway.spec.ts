import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayOutcomeUnknown, GatewayRefusal, GatewayUnreachable } from '../sms-gateway.js';
import { AligoGateway, GATEWAY_ANSWER_MESSAGES } from './aligo.gateway.js';

const credentials = { userId: 'agency', apiKey: 'key' };
const request = {
  sender: '0212345678',
  type: 'SMS' as const,
  endpoint: 'send' as const,
  messages: [{ phone: '01011112222', text: '안내' }],
  pictures: [],
};

/** A gateway that answers every request with `status`, `contentType` and `body`. */
async function fakeGateway(
  status: number,
  contentType: string,
  body: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const gatewayAt = (url: string) =>
  new AligoGateway({ ALIGO_API_URL: url, ALIGO_KAKAO_API_URL: url, ALIGO_TEST_MODE: false, ALIGO_TIMEOUT_MS: 2000 });

describe('AligoGateway', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    server = null;
  });

  it('knows a request that never left: nobody listens', async () => {
    const closed = await fakeGateway(200, 'application/json', '{}');
    await new Promise((resolve) => closed.server.close(resolve));
    await expect(gatewayAt(closed.url).send(credentials, request)).rejects.toBeInstanceOf(GatewayUnreachable);
  });

  it('leaves the outcome of a send unknown after a 5xx or an answer that is not JSON', async () => {
    const failing = await fakeGateway(502, 'text/html', '<h1>Bad Gateway</h1>');
    server = failing.server;
    await expect(gatewayAt(failing.url).send(credentials, request)).rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    await new Promise((resolve) => failing.server.close(resolve));
    const html = await fakeGateway(200, 'text/html', '<html>maintenance</html>');
    server = html.server;
    await expect(gatewayAt(html.url).send(credentials, request)).rejects.toThrow(
      new GatewayOutcomeUnknown(GATEWAY_ANSWER_MESSAGES.notJson),
    );
  });

  it('refuses a read with the spec message when the answer is not JSON, and keeps the gateway code of a refusal', async () => {
    const html = await fakeGateway(200, 'text/html', '<html></html>');
    server = html.server;
    await expect(gatewayAt(html.url).remaining(credentials)).rejects.toThrow(GATEWAY_ANSWER_MESSAGES.notJson);
    await new Promise((resolve) => html.server.close(resolve));
    const refused = await fakeGateway(
      200,
      'application/json',
      JSON.stringify({ result_code: '-101', message: '인증오류입니다.' }),
    );
    server = refused.server;
    const error = await gatewayAt(refused.url)
      .send(credentials, request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRefusal);
    expect(error).toMatchObject({ code: '-101', message: '인증오류입니다.' });
  });

  it('says the spec fallback of each call when a refusal carries no message', async () => {
    const silent = await fakeGateway(200, 'application/json', JSON.stringify({ result_code: '-99' }));
    server = silent.server;
    const gateway = gatewayAt(silent.url);
    await expect(gateway.send(credentials, request)).rejects.toMatchObject({
      code: '-99',
      message: 'Failed to send SMS.',
    });
    await expect(gateway.send(credentials, { ...request, endpoint: 'send_mass' })).rejects.toMatchObject({
      message: 'Failed to send mass SMS.',
    });
    await expect(gateway.remaining(credentials)).rejects.toMatchObject({ message: 'Failed to query remaining count.' });
  });
});
