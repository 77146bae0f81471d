// The sandbox's HTML pages: the consent page, error pages, and pages for people looking at the sandbox.
import { escapeHtml as e } from './http.ts';
import {
  FOLDER_MIME,
  SPREADSHEET_MIME,
  childrenOf,
  gridSize,
  type Account,
  type DriveData,
  type DriveNode,
} from './store.ts';

const STYLE = `
:root { color-scheme: light; --blue: #1a73e8; --text: #202124; --muted: #5f6368; --line: #dadce0; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', system-ui, sans-serif; color: var(--text); background: #f8f9fa; line-height: 1.5; }
main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
.card { max-width: 460px; margin: 40px auto; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 32px 32px 24px; }
h1 { font-size: 1.5rem; font-weight: 500; margin: 0 0 8px; }
h2 { font-size: 1.1rem; font-weight: 600; margin: 32px 0 8px; }
p { margin: 0 0 12px; }
.muted { color: var(--muted); font-size: 0.9rem; }
.notice { background: #fef7e0; border: 1px solid #fbbc04; border-radius: 6px; padding: 8px 12px; font-size: 0.875rem; margin: 16px 0; }
a { color: var(--blue); }
a:focus-visible, button:focus-visible { outline: 3px solid #185abc; outline-offset: 2px; border-radius: 4px; }
ul.accounts { list-style: none; margin: 16px 0; padding: 0; border-top: 1px solid var(--line); }
ul.accounts li { border-bottom: 1px solid var(--line); }
ul.accounts a { display: flex; align-items: center; gap: 12px; padding: 12px 8px; text-decoration: none; color: var(--text); }
ul.accounts a:hover { background: #f1f3f4; }
ul.accounts img { width: 40px; height: 40px; border-radius: 50%; flex: none; }
.name { display: block; font-weight: 500; }
.email { display: block; color: var(--muted); font-size: 0.875rem; }
.hint { margin-left: auto; font-size: 0.75rem; color: var(--blue); border: 1px solid var(--blue); border-radius: 10px; padding: 0 8px; }
ul.scopes { padding-left: 20px; margin: 8px 0 16px; }
.actions { display: flex; justify-content: flex-end; margin-top: 16px; }
.button { display: inline-block; padding: 8px 20px; border-radius: 4px; border: 1px solid var(--line); color: var(--blue); text-decoration: none; font-weight: 500; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: 0.875rem; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f1f3f4; font-weight: 600; }
ul.tree { list-style: none; padding-left: 20px; margin: 0; }
ul.tree li { margin: 2px 0; }
.trashed { color: var(--muted); text-decoration: line-through; }
code { font-family: ui-monospace, monospace; font-size: 0.85em; background: #f1f3f4; padding: 1px 4px; border-radius: 3px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

const G = 'https://www.googleapis.com/auth/';
const SCOPE_LABELS: Record<string, string> = {
  openid: 'Google 계정으로 본인 확인',
  [`${G}userinfo.email`]: '기본 Google 계정 이메일 주소 보기',
  [`${G}userinfo.profile`]: '이름, 프로필 사진 등 개인정보 보기',
  [`${G}drive`]: 'Google Drive의 모든 파일 보기, 수정, 생성, 삭제',
  [`${G}drive.readonly`]: 'Google Drive의 모든 파일 보기 및 다운로드',
  [`${G}drive.metadata.readonly`]: 'Google Drive 파일의 정보(메타데이터) 보기',
  [`${G}drive.metadata`]: 'Google Drive 파일의 정보(메타데이터) 보기 및 관리',
  [`${G}drive.file`]: '이 앱에서 사용하는 Google Drive 파일만 보기 및 관리',
  [`${G}spreadsheets.readonly`]: 'Google Sheets 스프레드시트 보기',
  [`${G}spreadsheets`]: 'Google Sheets 스프레드시트 보기, 수정, 생성, 삭제',
  [`${G}gmail.send`]: '사용자 대신 이메일 보내기',
  [`${G}gmail.compose`]: '이메일 임시보관 및 보내기',
  [`${G}gmail.modify`]: 'Gmail 메일 읽기, 작성, 보내기',
  [`${G}gmail.readonly`]: 'Gmail 메일 및 설정 보기',
  [`${G}gmail.metadata`]: '이메일 메시지 메타데이터(라벨, 헤더 등) 보기. 이메일 본문은 제외',
  'https://mail.google.com/': 'Gmail의 모든 메일 읽기, 작성, 보내기, 영구 삭제',
};

export function scopeLabel(scope: string): string {
  return SCOPE_LABELS[scope] ?? scope;
}

export interface AuthorizePageInput {
  accounts: { account: Account; approveUrl: string; avatarUrl: string }[];
  cancelUrl: string;
  clientId: string;
  redirectHost: string;
  scopes: string[];
  loginHint: string | null;
}

export function authorizePage(input: AuthorizePageInput): string {
  const hint = input.loginHint?.toLowerCase();
  const items = input.accounts
    .map(({ account, approveUrl, avatarUrl }) => {
      const hinted = hint === account.email.toLowerCase();
      return `<li><a href="${e(approveUrl)}" data-account="${e(account.email)}">
<img src="${e(avatarUrl)}" alt="">
<span><span class="name">${e(account.name)}</span><span class="email">${e(account.email)}</span></span>
${hinted ? '<span class="hint">추천</span>' : ''}
</a></li>`;
    })
    .join('\n');
  const scopes = input.scopes
    .map((scope) => `<li>${e(scopeLabel(scope))} <span class="muted">(<code>${e(scope)}</code>)</span></li>`)
    .join('');
  return layout(
    '계정 선택 - Google 샌드박스',
    `<main><div class="card">
<p class="muted">Google 계정으로 로그인 (샌드박스)</p>
<h1 id="title">계정 선택</h1>
<p><strong>${e(input.redirectHost)}</strong>(으)로 이동</p>
<p class="notice" role="note">이 화면은 개발·테스트용 <strong>로컬 Google 샌드박스</strong>입니다. 실제 Google 계정으로 로그인되지 않습니다.</p>
<ul class="accounts" aria-labelledby="title">
${items}
</ul>
<h2>요청한 권한</h2>
<ul class="scopes">${scopes}</ul>
<p class="muted">클라이언트 ID: <code>${e(input.clientId)}</code></p>
<div class="actions"><a class="button" href="${e(input.cancelUrl)}" id="cancel">취소</a></div>
</div></main>`,
  );
}

export function errorPage(title: string, description: string): string {
  return layout(
    `${title} - Google 샌드박스`,
    `<main><div class="card"><p class="muted">Google 샌드박스</p><h1>${e(title)}</h1><p role="alert">${e(description)}</p></div></main>`,
  );
}

export interface SentMailSummary {
  id: string;
  account: string;
  subject: string;
  to: string;
  sentAt: string;
}

/** Mail the sandbox delivered to an account: a customer's reply or a bounce. */
export interface ReceivedMailSummary {
  id: string;
  account: string;
  from: string;
  subject: string;
  receivedAt: string;
}

export interface IndexPageInput {
  data: DriveData;
  mails: SentMailSummary[];
  received: ReceivedMailSummary[];
  faults: unknown[];
  clientId: string;
}

function treeHtml(data: DriveData, parent: DriveNode): string {
  const children = childrenOf(data, parent.id).sort(
    (a, b) =>
      Number(b.mimeType === FOLDER_MIME) - Number(a.mimeType === FOLDER_MIME) || a.name.localeCompare(b.name, 'ko'),
  );
  if (children.length === 0) return '';
  const items = children.map((node) => {
    const folder = node.mimeType === FOLDER_MIME;
    const text = `<img src="/sandbox/icons/16/type/${e(node.mimeType)}" alt="" width="16" height="16"> ${folder ? `<strong>${e(node.name)}</strong>` : `<a href="/sandbox/drive/files/${e(node.id)}">${e(node.name)}</a>`}`;
    const extra = node.sheets
      ? ` <span class="muted">(${node.sheets.map((s) => `${e(s.title)} ${s.values.length}행`).join(', ')})</span>`
      : '';
    const byLink = node.grants?.some((grant) => grant.type === 'anyone')
      ? ' <span class="muted">(링크가 있는 모든 사용자)</span>'
      : '';
    return `<li class="${node.trashed ? 'trashed' : ''}">${text}${extra}${byLink}${node.trashed ? ' <span class="muted">(휴지통)</span>' : ''}${folder ? treeHtml(data, node) : ''}</li>`;
  });
  return `<ul class="tree">${items.join('')}</ul>`;
}

export function indexPage(input: IndexPageInput): string {
  const root = input.data.nodes.get(input.data.rootId);
  const accounts = input.data.accounts
    .map(
      (a) =>
        `<tr><td><img src="/sandbox/avatars/${e(a.id)}" alt="" width="24" height="24" style="border-radius:50%;vertical-align:middle"> ${e(a.name)}</td><td>${e(a.email)}</td><td><code>${e(a.id)}</code></td></tr>`,
    )
    .join('');
  const sheets = [...input.data.nodes.values()]
    .filter((node) => node.mimeType === SPREADSHEET_MIME)
    .map(
      (node) =>
        `<tr><td><a href="/sandbox/drive/files/${e(node.id)}">${e(node.name)}</a></td><td><code>${e(node.id)}</code></td><td>${(
          node.sheets ?? []
        )
          .map(
            (s) =>
              `<a href="/sandbox/spreadsheets/${e(node.id)}/sheets/${encodeURIComponent(s.title)}">${e(s.title)}</a> (${gridSize(s).rowCount}×${gridSize(s).columnCount})`,
          )
          .join(', ')}</td></tr>`,
    )
    .join('');
  const mails = input.mails.length
    ? `<table><thead><tr><th scope="col">보낸 시각</th><th scope="col">계정</th><th scope="col">받는 사람</th><th scope="col">제목</th></tr></thead><tbody>${input.mails
        .map(
          (m) =>
            `<tr><td>${e(m.sentAt)}</td><td>${e(m.account)}</td><td>${e(m.to)}</td><td><a href="/sandbox/gmail/messages/${e(m.id)}/html">${e(m.subject || '(제목 없음)')}</a> <a class="muted" href="/sandbox/gmail/messages/${e(m.id)}">JSON</a></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">아직 보낸 메일이 없습니다.</p>';
  const received = input.received.length
    ? `<table><thead><tr><th scope="col">받은 시각</th><th scope="col">계정</th><th scope="col">보낸 사람</th><th scope="col">제목</th></tr></thead><tbody>${input.received
        .map(
          (m) =>
            `<tr><td>${e(m.receivedAt)}</td><td>${e(m.account)}</td><td>${e(m.from)}</td><td>${e(m.subject || '(제목 없음)')} <code class="muted">${e(m.id)}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">아직 받은 메일이 없습니다. <code>POST /sandbox/gmail/messages/{id}/reply</code> 또는 <code>/bounce</code>로 만듭니다.</p>';
  const sharedDrives = input.data.drives
    .map((drive) => {
      const driveRoot = input.data.nodes.get(drive.id);
      return `<h2>공유 드라이브: ${e(drive.name)}</h2>\n${driveRoot ? treeHtml(input.data, driveRoot) : ''}`;
    })
    .join('\n');
  return layout(
    'Google 샌드박스',
    `<main>
<h1>Google 샌드박스</h1>
<p>OAuth, 사용자 정보, Drive, Sheets, Gmail(전송, 메일함)을 흉내 내는 로컬 서버입니다. OAuth 클라이언트 ID: <code>${e(input.clientId)}</code></p>
<h2 id="accounts">계정</h2>
<table aria-labelledby="accounts"><thead><tr><th scope="col">이름</th><th scope="col">이메일</th><th scope="col">ID</th></tr></thead><tbody>${accounts}</tbody></table>
<h2 id="sheets">스프레드시트</h2>
<table aria-labelledby="sheets"><thead><tr><th scope="col">이름</th><th scope="col">ID</th><th scope="col">시트</th></tr></thead><tbody>${sheets}</tbody></table>
<h2>드라이브 (내 드라이브)</h2>
${root ? treeHtml(input.data, root) : ''}
${sharedDrives}
<h2>보낸 메일 (${input.mails.length})</h2>
${mails}
<h2>받은 메일 (${input.received.length})</h2>
${received}
<h2>장애 주입 (${input.faults.length})</h2>
${input.faults.length ? `<pre>${e(JSON.stringify(input.faults, null, 2))}</pre>` : '<p class="muted">설정된 장애가 없습니다. <code>POST /sandbox/faults</code>로 추가합니다.</p>'}
</main>`,
  );
}

export function filePage(data: DriveData, node: DriveNode): string {
  const sheets = (node.sheets ?? [])
    .map(
      (s) =>
        `<li><a href="/sandbox/spreadsheets/${e(node.id)}/sheets/${encodeURIComponent(s.title)}">${e(s.title)}</a> (${s.values.length}행)</li>`,
    )
    .join('');
  const children = node.mimeType === FOLDER_MIME ? treeHtml(data, node) : '';
  return layout(
    `${node.name} - Google 샌드박스`,
    `<main><p><a href="/sandbox">← 샌드박스</a></p><h1>${e(node.name)}</h1>
<p class="muted"><code>${e(node.id)}</code> · ${e(node.mimeType)} · 수정 ${e(node.modifiedTime)}</p>
${node.mimeType !== FOLDER_MIME ? `<p><img src="/sandbox/thumbnails/${e(node.id)}=s400" alt="${e(node.name)} 미리보기" width="300" height="400"></p>` : ''}
${sheets ? `<h2>시트</h2><ul>${sheets}</ul>` : ''}${children}</main>`,
  );
}

export function sheetPage(node: DriveNode, title: string, values: string[][], limit = 200): string {
  const rows = values
    .slice(0, limit)
    .map(
      (row, index) =>
        `<tr><th scope="row">${index + 1}</th>${row.map((cell) => `<td>${e(cell.length > 200 ? `${cell.slice(0, 200)}…` : cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  return layout(
    `${node.name} / ${title} - Google 샌드박스`,
    `<main><p><a href="/sandbox">← 샌드박스</a></p><h1>${e(node.name)} / ${e(title)}</h1>
<p class="muted">${values.length}행${values.length > limit ? `, 처음 ${limit}행만 표시` : ''} (셀 내용은 HTML로 해석하지 않고 글자 그대로 보여 줍니다)</p>
<div style="overflow:auto"><table>${rows}</table></div></main>`,
  );
}
