// The rules both sides apply, so that what the editor shows while staff type is what the server decides.
export * from './korean-time.js';
export * from './message-bytes.js';
export * from './phone.js';
export * from './sending-rules.js';
export * from './contact-values.js';
export * from './email-campaigns.js';
export * from './contact-fields.js';
export * from './contact-merge.js';
export * from './kakao-selections.js';
