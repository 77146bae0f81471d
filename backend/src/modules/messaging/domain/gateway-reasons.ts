// What staff read when the gateway refuses: the cause in plain words and what to do, with the gateway's own code
// and message kept for whoever asks Aligo about it.

/** Aligo's codes whose cause staff can mend themselves. */
const PLAIN_REASONS: Record<string, string> = {
  '-101': "The gateway did not accept the sender number's API key. Check the key in the Phone Number Manager",
  '-103': 'The sender number is not registered with the gateway. Register it with Aligo before sending from it',
  '-201': 'The gateway account has no balance left for these messages. Top up the account',
};

/** The gateway's refusal in plain words, e.g. "The gateway did not accept … (-101 인증오류입니다.)". */
export function plainGatewayReason(code: string, message: string): string {
  const plain = PLAIN_REASONS[code];
  return plain ? `${plain}. (${code} ${message})` : `The gateway refused the messages: ${message} (${code})`;
}
