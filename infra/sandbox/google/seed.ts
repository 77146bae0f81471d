// The built-in seed: sample Google accounts and a casting agency's My Drive, with the posts and models sheets.
// Everything is derived from fixed seeds and names, so ids and cells are the same on every run.
import { createRandom, stableId, stableNumericId, type Random } from './prng.ts';
import { generatePostRows } from './seed-posts.ts';
import {
  MODEL_COLUMNS,
  MODEL_HEADER_ROW_FIELDS,
  MODEL_HEADER_ROW_KO,
  POST_HEADER_ROW_FIELDS,
  POST_HEADER_ROW_KO,
  type ModelField,
} from './sheet-columns.ts';
import {
  DOCUMENT_MIME,
  FOLDER_MIME,
  ROOT_FOLDER_ID,
  SPREADSHEET_MIME,
  mimeTypeFromName,
  type Account,
  type DriveData,
  type DriveNode,
  type Grant,
  type Sheet,
} from './store.ts';

function account(email: string, familyName: string, givenName: string): Account {
  return { id: stableNumericId(email), email, name: `${familyName}${givenName}`, familyName, givenName };
}

/** The sample accounts offered on the sandbox's consent page; all see the same Drive. */
export const SAMPLE_ACCOUNTS: readonly Account[] = [
  account('casting.jihyun@gmail.com', '김', '지현'),
  account('jobcasting.office@gmail.com', '박', '서준'),
  account('sumin.models@gmail.com', '이', '수민'),
  account('minho.jobcasting@gmail.com', '최', '민호'),
];

export const SAMPLE_ACCOUNT_EMAILS = SAMPLE_ACCOUNTS.map((a) => a.email);

const POSTS_PATH = '캐스팅 공고/2026/2026 캐스팅 공고';
const MODELS_PATH = '모델 카드/모델 리스트';
const POSTS_ROWS = 320;
const MODELS_ROWS = 64;
const TEAM_DRIVE_ID = '0AKsandboxTeamDriveUk9PVA';
const TEAM_DRIVE_NAME = '잡캐스팅 팀 드라이브';
/** A customer a file is shared with by name only, so a link to it is not readable by anyone. */
const NAMED_CUSTOMER = 'casting@studio-haneul.co.kr';
const teamDriveId = (path: string) => stableId(`team-drive/${path}`);

/** Ids and names of the seed's spreadsheets and folders, stable across runs. */
export const SEED = {
  rootFolderId: ROOT_FOLDER_ID,
  postsSpreadsheetId: stableId(POSTS_PATH, 44),
  postsSpreadsheetName: '2026 캐스팅 공고',
  /** Korean staff headers (POST_HEADER_ROW_KO). */
  postsSheetName: '공고',
  /** The same rows under the field names (POST_HEADER_ROW_FIELDS). */
  postsFieldSheetName: 'posts',
  /** Data rows under the header row, in each posts sheet. */
  postsRowCount: POSTS_ROWS,
  modelsSpreadsheetId: stableId(MODELS_PATH, 44),
  modelsSpreadsheetName: '모델 리스트',
  modelsSheetName: '모델',
  modelsFieldSheetName: 'models',
  modelsRowCount: MODELS_ROWS,
  contactsSpreadsheetId: stableId('고객사 연락처', 44),
  castingFolderId: stableId('캐스팅 공고'),
  november2026FolderId: stableId('캐스팅 공고/2026/11월'),
  modelCardsFolderId: stableId('모델 카드'),
  foreignModelsFolderId: stableId('모델 카드/외국인 모델'),
  photosFolderId: stableId('사진'),
  profilePhotosFolderId: stableId('사진/프로필'),
  contractsFolderId: stableId('계약서'),
  /** The shared drive every sample account is a member of (also its root folder's id). */
  sharedDriveId: TEAM_DRIVE_ID,
  sharedDriveName: TEAM_DRIVE_NAME,
  sharedComcardFolderId: teamDriveId('콤카드'),
  /** A comp card PDF in the shared drive that anyone with the link can read. */
  sharedPublicComcardId: teamDriveId('콤카드/MC-0101 콤카드.pdf'),
  /** One that only the drive's members can read. */
  sharedPrivateComcardId: teamDriveId('콤카드/MC-0103 콤카드.pdf'),
  /** A folder shared with anyone with the link: its files inherit the grant. */
  sharedClientFolderId: teamDriveId('고객 공유'),
  /** The company profile in My Drive, readable by anyone with the link. */
  companyProfileId: stableId('회사 소개서_잡캐스팅.pdf'),
} as const;

const ANYONE_READER: Grant = { type: 'anyone', role: 'reader' };

// --- Models -------------------------------------------------------------------------------------------------

interface NamePool {
  national: string;
  female: [string, string][];
  male: [string, string][];
  /** [English, Korean] for men, and for women where the surname changes (Russian, Ukrainian). */
  surnames: { m: [string, string]; f?: [string, string] }[];
  stage?: string[];
}

const POOLS: NamePool[] = [
  {
    national: '러시아',
    female: [
      ['Anastasia', '아나스타시아'],
      ['Ekaterina', '예카테리나'],
      ['Polina', '폴리나'],
      ['Daria', '다리아'],
      ['Sofia', '소피아'],
      ['Alina', '알리나'],
    ],
    male: [
      ['Dmitri', '드미트리'],
      ['Ivan', '이반'],
      ['Alexei', '알렉세이'],
      ['Nikita', '니키타'],
    ],
    surnames: [
      { m: ['Petrov', '페트로프'], f: ['Petrova', '페트로바'] },
      { m: ['Volkov', '볼코프'], f: ['Volkova', '볼코바'] },
      { m: ['Smirnov', '스미르노프'], f: ['Smirnova', '스미르노바'] },
      { m: ['Sokolov', '소콜로프'], f: ['Sokolova', '소콜로바'] },
      { m: ['Morozov', '모로조프'], f: ['Morozova', '모로조바'] },
    ],
    stage: ['나스티아', 'Katya', '폴리', 'Dasha'],
  },
  {
    national: '우크라이나',
    female: [
      ['Olena', '올레나'],
      ['Iryna', '이리나'],
      ['Oksana', '옥사나'],
      ['Yulia', '율리아'],
    ],
    male: [
      ['Taras', '타라스'],
      ['Bohdan', '보흐단'],
      ['Mykola', '미콜라'],
    ],
    surnames: [
      { m: ['Kovalenko', '코발렌코'] },
      { m: ['Bondarenko', '본다렌코'] },
      { m: ['Melnyk', '멜니크'] },
      { m: ['Tkachenko', '트카첸코'] },
    ],
    stage: ['레나', 'Ira'],
  },
  {
    national: '미국',
    female: [
      ['Emily', '에밀리'],
      ['Ashley', '애슐리'],
      ['Hannah', '한나'],
      ['Madison', '매디슨'],
    ],
    male: [
      ['Michael', '마이클'],
      ['Tyler', '타일러'],
      ['Jacob', '제이콥'],
    ],
    surnames: [
      { m: ['Johnson', '존슨'] },
      { m: ['Brown', '브라운'] },
      { m: ['Davis', '데이비스'] },
      { m: ['Wilson', '윌슨'] },
      { m: ['Miller', '밀러'] },
    ],
    stage: ['Em', 'Mike'],
  },
  {
    national: '브라질',
    female: [
      ['Gabriela', '가브리엘라'],
      ['Camila', '카밀라'],
      ['Beatriz', '베아트리스'],
    ],
    male: [
      ['Lucas', '루카스'],
      ['Rafael', '하파엘'],
      ['Mateus', '마테우스'],
    ],
    surnames: [
      { m: ['Souza', '소우자'] },
      { m: ['Oliveira', '올리베이라'] },
      { m: ['Santos', '산투스'] },
      { m: ['Costa', '코스타'] },
    ],
    stage: ['Gabi', '라파'],
  },
  {
    national: '프랑스',
    female: [
      ['Camille', '카미유'],
      ['Chloé', '클로에'],
      ['Léa', '레아'],
    ],
    male: [
      ['Louis', '루이'],
      ['Hugo', '위고'],
      ['Jules', '쥘'],
    ],
    surnames: [
      { m: ['Dubois', '뒤부아'] },
      { m: ['Martin', '마르탱'] },
      { m: ['Bernard', '베르나르'] },
      { m: ['Laurent', '로랑'] },
    ],
  },
  {
    national: '한국',
    female: [
      ['Minji', '민지'],
      ['Seoyeon', '서연'],
      ['Hayoon', '하윤'],
      ['Jiwoo', '지우'],
    ],
    male: [
      ['Junho', '준호'],
      ['Woojin', '우진'],
      ['Doyoon', '도윤'],
    ],
    surnames: [
      { m: ['Kim', '김'] },
      { m: ['Lee', '이'] },
      { m: ['Park', '박'] },
      { m: ['Choi', '최'] },
      { m: ['Jung', '정'] },
      { m: ['Kang', '강'] },
    ],
    stage: ['하린', '제이', '루나'],
  },
  {
    national: '카자흐스탄',
    female: [
      ['Aigerim', '아이게림'],
      ['Dana', '다나'],
    ],
    male: [['Arman', '아르만']],
    surnames: [
      { m: ['Nurlanov', '누를라노프'], f: ['Nurlanova', '누를라노바'] },
      { m: ['Bekov', '베코프'], f: ['Bekova', '베코바'] },
    ],
  },
  {
    national: '영국',
    female: [
      ['Olivia', '올리비아'],
      ['Amelia', '아멜리아'],
    ],
    male: [
      ['Oliver', '올리버'],
      ['Harry', '해리'],
    ],
    surnames: [{ m: ['Smith', '스미스'] }, { m: ['Taylor', '테일러'] }, { m: ['Evans', '에반스'] }],
  },
];

export interface SeedModel {
  comcardNo: string;
  nameEng: string;
  nameKor: string;
  national: string;
  stage: string;
  korean: boolean;
}

function generateModels(count: number, random: Random): SeedModel[] {
  const models: SeedModel[] = [];
  const used = new Set<string>();
  let serial = 100;
  while (models.length < count) {
    const pool = POOLS[random.pick([0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 7])];
    const female = random.chance(0.65);
    const [firstEng, firstKor] = random.pick(female ? pool.female : pool.male);
    const surname = random.pick(pool.surnames);
    const [lastEng, lastKor] = female && surname.f ? surname.f : surname.m;
    const korean = pool.national === '한국';
    const nameEng = korean ? `${lastEng} ${firstEng}` : `${firstEng} ${lastEng}`;
    if (used.has(nameEng)) continue;
    used.add(nameEng);
    serial += random.int(1, 3);
    models.push({
      comcardNo: `MC-${String(serial).padStart(4, '0')}`,
      nameEng,
      nameKor: korean ? `${lastKor}${firstKor}` : `${firstKor} ${lastKor}`,
      national: pool.national,
      stage: pool.stage && random.chance(0.4) ? random.pick(pool.stage) : '',
      korean,
    });
  }
  return models;
}

// --- The Drive tree -----------------------------------------------------------------------------------------

const YEAR_START = Date.UTC(2026, 0, 5);
const YEAR_END = Date.UTC(2026, 10, 28);

interface Builder {
  data: DriveData;
  random: Random;
}

function times(random: Random): { createdTime: string; modifiedTime: string } {
  const modified = YEAR_START + Math.floor(random.next() * (YEAR_END - YEAR_START));
  const created = modified - random.int(0, 40) * 86400000 - random.int(0, 86399) * 1000;
  return {
    createdTime: new Date(Math.max(created, Date.UTC(2025, 11, 1))).toISOString(),
    modifiedTime: new Date(modified + random.int(0, 999)).toISOString(),
  };
}

function add(
  builder: Builder,
  path: string,
  mimeType: string,
  extra: Partial<Pick<DriveNode, 'size' | 'sheets' | 'trashed' | 'starred'>> = {},
  idLength = 33,
): DriveNode {
  const slash = path.lastIndexOf('/');
  const parentId = slash < 0 ? builder.data.rootId : stableId(path.slice(0, slash));
  if (!builder.data.nodes.has(parentId)) throw new Error(`seed: no folder for ${path}`);
  const node: DriveNode = {
    id: stableId(path, idLength),
    name: path.slice(slash + 1),
    mimeType,
    parentId,
    ...times(builder.random),
    trashed: false,
    starred: false,
    ...extra,
  };
  builder.data.nodes.set(node.id, node);
  return node;
}

function folder(builder: Builder, path: string): void {
  add(builder, path, FOLDER_MIME);
}

function file(builder: Builder, path: string, extra: Partial<Pick<DriveNode, 'trashed' | 'starred'>> = {}): DriveNode {
  const mimeType = mimeTypeFromName(path, 'application/octet-stream');
  const size = mimeType.startsWith('image/')
    ? builder.random.int(180_000, 3_500_000)
    : builder.random.int(40_000, 2_000_000);
  return add(builder, path, mimeType, { size, ...extra });
}

function doc(builder: Builder, path: string): void {
  add(builder, path, DOCUMENT_MIME);
}

function spreadsheet(builder: Builder, path: string, sheets: [string, string[][]][]): DriveNode {
  return add(
    builder,
    path,
    SPREADSHEET_MIME,
    {
      sheets: sheets.map(([title, values], index): Sheet => ({
        sheetId: index === 0 ? 0 : 100000000 + builder.random.int(0, 1899999999),
        title,
        values,
      })),
    },
    44,
  );
}

function modelRows(models: SeedModel[], imageIds: Map<string, string>, random: Random): string[][] {
  return models.map((model) => {
    const imageId = imageIds.get(model.comcardNo) ?? stableId(`external-image:${model.comcardNo}`);
    const hasDriveImage = imageIds.has(model.comcardNo);
    const slug = model.nameEng.toLowerCase().replace(/[^a-z]+/g, '-');
    const row: Record<ModelField, string> = {
      comcardNo: model.comcardNo,
      image: hasDriveImage
        ? `https://drive.google.com/uc?export=view&id=${imageId}`
        : random.chance(0.1)
          ? ''
          : `https://lh3.googleusercontent.com/d/${imageId}`,
      nameEng: model.nameEng,
      nameKor: model.nameKor,
      national: model.national,
      stage: model.stage,
      additionalPic: random.chance(0.2)
        ? ''
        : `https://drive.google.com/drive/folders/${stableId(`extra:${model.comcardNo}`)}`,
      download: random.chance(0.15) ? '' : `https://drive.google.com/uc?export=download&id=${imageId}`,
      comcardPhotoURL: `https://drive.google.com/file/d/${imageId}/view?usp=sharing`,
      htmlUrl:
        hasDriveImage || random.chance(0.3)
          ? `https://drive.google.com/open?id=${imageId}`
          : random.chance(0.15)
            ? ''
            : `https://jobcasting.kr/comcard/${model.comcardNo}-${slug}.html`,
    };
    return MODEL_COLUMNS.map((column) => row[column.field]);
  });
}

/** Builds the seed Drive; takes a few milliseconds. */
export function buildSeed(): DriveData {
  const random = createRandom('job-casting-drive-2026');
  const root: DriveNode = {
    id: ROOT_FOLDER_ID,
    name: 'My Drive',
    mimeType: FOLDER_MIME,
    parentId: null,
    createdTime: '2024-03-02T01:00:00.000Z',
    modifiedTime: '2026-11-28T09:12:44.000Z',
    trashed: false,
    starred: false,
  };
  const builder: Builder = {
    data: {
      accounts: SAMPLE_ACCOUNTS.map((a) => ({ ...a })),
      rootId: ROOT_FOLDER_ID,
      nodes: new Map([[root.id, root]]),
      drives: [],
    },
    random,
  };

  for (const path of [
    '캐스팅 공고',
    '캐스팅 공고/2025',
    '캐스팅 공고/2026',
    '캐스팅 공고/2026/10월',
    '캐스팅 공고/2026/11월',
    '캐스팅 공고/2026/12월',
  ])
    folder(builder, path);
  for (const path of ['모델 카드', '모델 카드/외국인 모델', '모델 카드/한국인 모델', '모델 카드/아동 모델'])
    folder(builder, path);
  for (const path of ['사진', '사진/프로필', '사진/현장 스케치', '계약서', '메일 템플릿']) folder(builder, path);

  // Posts.
  const posts = generatePostRows(POSTS_ROWS);
  spreadsheet(builder, POSTS_PATH, [
    [SEED.postsSheetName, [POST_HEADER_ROW_KO.slice(), ...posts]],
    [SEED.postsFieldSheetName, [POST_HEADER_ROW_FIELDS.slice(), ...posts.map((row) => row.slice())]],
  ]);
  spreadsheet(builder, '캐스팅 공고/2025/2025 캐스팅 공고 (보관)', [
    ['공고', [POST_HEADER_ROW_KO.slice(), ...generatePostRows(24, 'posts-2025')]],
  ]);
  file(builder, '캐스팅 공고/2026/10월/넷플릭스 시리즈 오디션 안내.pdf');
  file(builder, '캐스팅 공고/2026/10월/광고 콘티_커피 CF.pdf');
  file(builder, '캐스팅 공고/2026/11월/달빛 정원 캐릭터 시트.pdf');
  file(builder, '캐스팅 공고/2026/11월/촬영장 약도.png');
  file(builder, '캐스팅 공고/2026/11월/공고 포스터_서울의 밤.jpg');
  doc(builder, '캐스팅 공고/2026/11월/11월 공고 정리 메모');
  file(builder, '캐스팅 공고/2026/12월/연말 광고 촬영 일정표.xlsx');
  file(builder, '캐스팅 공고/삭제 예정 공고 초안.docx', { trashed: true });

  // Models, with a comp card photo in Drive for the first ones of each kind.
  const models = generateModels(MODELS_ROWS, random);
  const imageIds = new Map<string, string>();
  let foreign = 0;
  let korean = 0;
  for (const model of models) {
    const folderPath = model.korean ? '모델 카드/한국인 모델' : '모델 카드/외국인 모델';
    if ((model.korean ? korean++ : foreign++) >= (model.korean ? 5 : 14)) continue;
    const node = file(builder, `${folderPath}/${model.comcardNo}_${model.nameEng}.jpg`);
    imageIds.set(model.comcardNo, node.id);
  }
  for (const name of ['아동 모델_서하은 (7세).jpg', '아동 모델_김도하 (9세).jpg', '아동 모델_리아 (6세).png'])
    file(builder, `모델 카드/아동 모델/${name}`);
  const rows = modelRows(models, imageIds, random);
  spreadsheet(builder, MODELS_PATH, [
    [SEED.modelsSheetName, [MODEL_HEADER_ROW_KO.slice(), ...rows]],
    [SEED.modelsFieldSheetName, [MODEL_HEADER_ROW_FIELDS.slice(), ...rows.map((row) => row.slice())]],
  ]);
  file(builder, '모델 카드/콤카드 양식_2026.pptx');

  // Photos, contracts, templates and loose files.
  for (const name of [
    '프로필_김민지_정면.jpg',
    '프로필_김민지_전신.jpg',
    '프로필_이준호.jpg',
    '프로필_Anastasia_01.jpg',
    '프로필_Anastasia_02.jpg',
    '프로필_Lucas.png',
    '프로필_박서연.jpg',
    '프로필_Emily Johnson.jpg',
  ]) {
    file(builder, `사진/프로필/${name}`, { starred: name.includes('김민지_정면') });
  }
  for (const name of [
    '현장 스케치_달빛 정원 1회차.jpg',
    '현장 스케치_달빛 정원 2회차.jpg',
    '현장 스케치_커피 CF.jpg',
    '현장 스케치_화보 촬영.heic',
  ])
    file(builder, `사진/현장 스케치/${name}`);
  file(builder, '계약서/출연 계약서_표준양식.docx');
  file(builder, '계약서/초상권 사용 동의서.pdf');
  file(builder, '계약서/2026 전속 계약서 - 김민지.pdf');
  file(builder, '계약서/외국인 모델 계약서 (영문).pdf');
  file(builder, '계약서/미성년자 출연 동의서.hwp');
  doc(builder, '메일 템플릿/공고 회신 템플릿');
  doc(builder, '메일 템플릿/모델 추천 메일 (한·영)');
  doc(builder, '메일 템플릿/촬영 확정 안내');
  spreadsheet(builder, '고객사 연락처', [
    [
      '연락처',
      [
        ['회사', '담당자', '이메일', '전화'],
        ['스튜디오 하늘', '김태호 조감독', 'casting@studio-haneul.co.kr', '010-3321-8890'],
        ['블루라이트 픽처스', '이하늘 캐스팅 디렉터', 'audition@bluelightpictures.kr', '010-4410-2231'],
        ['더퍼스트애드', '박미정 실장', 'hello@thefirstad.com', ''],
        ['오렌지필름', '정다은 PD', 'pd.kim@orangefilm.kr', '010-9087-1123'],
      ],
    ],
  ]);
  file(builder, '회사 소개서_잡캐스팅.pdf').grants = [ANYONE_READER];
  doc(builder, '업무 메모');
  file(builder, '로고_JOBCASTING.png');

  // Link sharing of the comp card photos the models sheet links to: two in three are readable by anyone with the
  // link; of the rest, the first is shared with one customer by name, the others with nobody.
  [...imageIds.values()].forEach((id, index) => {
    const node = builder.data.nodes.get(id);
    if (!node) return;
    if (index % 3 !== 2) node.grants = [ANYONE_READER];
    else if (index === 2) node.grants = [{ type: 'user', role: 'reader', emailAddress: NAMED_CUSTOMER }];
  });
  addTeamDrive(builder.data);
  return builder.data;
}

/** The agency's shared drive: comp card PDFs and images, some shared by link, and a folder shared with anyone. */
function addTeamDrive(data: DriveData): void {
  data.drives.push({
    id: TEAM_DRIVE_ID,
    name: TEAM_DRIVE_NAME,
    createdTime: '2025-02-03T01:20:00.000Z',
    colorRgb: '#4986e7',
  });
  const node = (path: string, mimeType: string, extra: Partial<DriveNode> = {}): DriveNode => {
    const slash = path.lastIndexOf('/');
    const created: DriveNode = {
      id: path === '' ? TEAM_DRIVE_ID : teamDriveId(path),
      name: path === '' ? TEAM_DRIVE_NAME : path.slice(slash + 1),
      mimeType,
      parentId: path === '' ? null : slash < 0 ? TEAM_DRIVE_ID : teamDriveId(path.slice(0, slash)),
      createdTime: '2026-03-02T02:00:00.000Z',
      modifiedTime: '2026-11-16T07:30:00.000Z',
      trashed: false,
      starred: false,
      driveId: TEAM_DRIVE_ID,
      ...extra,
    };
    data.nodes.set(created.id, created);
    return created;
  };
  node('', FOLDER_MIME);
  node('콤카드', FOLDER_MIME);
  node('콤카드/MC-0101 콤카드.pdf', 'application/pdf', { size: 1_284_113, grants: [ANYONE_READER] });
  node('콤카드/MC-0102 콤카드.pdf', 'application/pdf', { size: 986_420, grants: [ANYONE_READER] });
  node('콤카드/MC-0103 콤카드.pdf', 'application/pdf', { size: 1_102_775 });
  node('콤카드/MC-0104 콤카드.jpg', 'image/jpeg', { size: 2_410_332, grants: [ANYONE_READER] });
  node('콤카드/MC-0105 콤카드.jpg', 'image/jpeg', {
    size: 1_877_091,
    grants: [{ type: 'user', role: 'reader', emailAddress: NAMED_CUSTOMER }],
  });
  node('고객 공유', FOLDER_MIME, { grants: [ANYONE_READER] });
  node('고객 공유/2026 겨울 모델 포트폴리오.pdf', 'application/pdf', { size: 8_812_004 });
  node('내부 자료', FOLDER_MIME);
  node('내부 자료/모델 정산표 2026.xlsx', mimeTypeFromName('모델 정산표 2026.xlsx', 'application/octet-stream'), {
    size: 48_311,
  });
}
