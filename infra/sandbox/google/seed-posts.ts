// Casting posts as the staff fill the posts sheet: Korean, inconsistent formats, a few gaps and a few hostile
// bodies. Deterministic for a given seed and row count.
import { createRandom, type Random } from './prng.ts';
import { POST_COLUMNS } from './sheet-columns.ts';

const GENRES = [
  ['드라마', 'drama'],
  ['영화', 'feature film'],
  ['광고', 'commercial'],
  ['웹드라마', 'web drama'],
  ['뮤직비디오', 'music video'],
  ['단편영화', 'short film'],
  ['유튜브 콘텐츠', 'YouTube content'],
  ['화보', 'photo shoot'],
  ['홈쇼핑', 'home shopping'],
  ['뮤지컬', 'musical'],
  ['예능', 'variety show'],
] as const;

const WORKS = [
  ['달빛 정원', 'Moonlight Garden'],
  ['서울의 밤', 'Seoul Nights'],
  ['여름의 끝에서', 'At the End of Summer'],
  ['블루 아워', 'Blue Hour'],
  ['두 번째 계절', 'The Second Season'],
  ['낯선 이웃', 'Strange Neighbours'],
  ['골목 식당 사람들', 'People of the Alley Diner'],
  ['마지막 면접', 'The Last Interview'],
  ['우리들의 편의점', 'Our Convenience Store'],
  ['한강 러너스', 'Han River Runners'],
  ['겨울 택배', 'Winter Delivery'],
  ['사라진 오후', 'The Lost Afternoon'],
  ['청춘 배달부', 'Young Couriers'],
  ['비밀의 레시피', 'The Secret Recipe'],
  ['내일의 날씨', "Tomorrow's Weather"],
  ['파란 우산', 'The Blue Umbrella'],
  ['별빛 아파트', 'Starlight Apartments'],
  ['도시의 여우', 'City Fox'],
  ['첫눈 오는 날', 'The Day of the First Snow'],
  ['오피스 로맨스', 'Office Romance'],
  ['뷰티 브랜드 봄 시즌 캠페인', 'beauty brand spring campaign'],
  ['신규 스마트폰 디지털 광고', 'new smartphone digital ad'],
  ['커피 프랜차이즈 TV CF', 'coffee chain TV commercial'],
  ['아웃도어 브랜드 F/W 화보', 'outdoor brand F/W lookbook'],
  ['맥주 브랜드 여름 광고', 'beer brand summer ad'],
  ['자동차 온라인 광고', 'car online ad'],
  ['보험사 TV CF', 'insurance TV commercial'],
] as const;

const PRODUCERS = [
  ['스튜디오 하늘', 'studio-haneul.co.kr'],
  ['필름공방', 'filmgongbang.com'],
  ['블루라이트 픽처스', 'bluelightpictures.kr'],
  ['(주)봄날엔터테인먼트', 'bomnal-ent.co.kr'],
  ['오렌지필름', 'orangefilm.kr'],
  ['(주)씨네마루', 'cinemaru.co.kr'],
  ['한빛프로덕션', 'hanbitpro.com'],
  ['무빙이미지랩', 'movingimagelab.kr'],
  ['스튜디오 온새미로', 'onsaemiro.studio'],
  ['모먼트 필름', 'momentfilm.co.kr'],
  ['JK커뮤니케이션즈', 'jkcomm.co.kr'],
  ['더퍼스트애드', 'thefirstad.com'],
] as const;

const ROLES = [
  ['여주인공의 대학 동기', "the heroine's college friend"],
  ['카페 아르바이트생', 'café part-timer'],
  ['외국인 관광객', 'foreign tourist'],
  ['회사원 A', 'office worker A'],
  ['신입 사원', 'new employee'],
  ['엄마 역', 'the mother'],
  ['할머니 역', 'the grandmother'],
  ['형사 2', 'detective 2'],
  ['응급실 의사', 'ER doctor'],
  ['간호사', 'nurse'],
  ['바리스타', 'barista'],
  ['헬스 트레이너', 'fitness trainer'],
  ['러시아 모델', 'Russian model'],
  ['외국인 교환학생', 'foreign exchange student'],
  ['아이돌 연습생', 'idol trainee'],
  ['택시 기사', 'taxi driver'],
  ['편의점 손님', 'convenience store customer'],
  ['웨딩 플래너', 'wedding planner'],
  ['피아니스트', 'pianist'],
  ['주인공 아역 (초등학생)', 'the lead as a child (primary school)'],
  ['메인 모델', 'main model'],
  ['보조 출연 (행인)', 'extras (passers-by)'],
] as const;

const AD_GENRES = new Set(['광고', '화보', '홈쇼핑', '유튜브 콘텐츠', '뮤직비디오']);
const ADVERTISING = GENRES.filter((g) => AD_GENRES.has(g[0]));
const SHOWS = GENRES.filter((g) => !AD_GENRES.has(g[0]));
const WEEKS = ['첫째', '둘째', '셋째', '넷째'];
const GENERAL_AGES = ['20대', '20대 초반', '30대', '30~40대', '10대 후반', '40대', '50~60대'];
const RECRUITS = ['1명', '2명', '3명', '2명', '1명', '00명', '1', '2', '다수', '5명 내외', '10명'];
const FEES = [
  '회당 30만원',
  '회당 50만원',
  '협의',
  '협의',
  '150,000원',
  '300,000원',
  '일당 20만원',
  '1회차 40만원',
  '페이 협의',
  '무페이 (식사 및 교통비 제공)',
  '80만원 (2회차)',
  '건당 100만원',
];
const LOCATIONS = [
  '서울 마포구 일대',
  '경기 파주 세트장',
  '부산 해운대',
  '서울 성수동 스튜디오',
  '강원 강릉',
  '인천 송도',
  '서울 강남구 카페',
  '일산 스튜디오',
];
const MANAGERS = [
  '김태호 조감독',
  '이하늘 캐스팅 디렉터',
  '박미정 실장',
  '최유나',
  '정다은 PD',
  '한도윤 팀장',
  '윤서아',
  '오세훈 피디',
  '강민재',
];
const STAFF_EMAILS = [
  'casting.jihyun@gmail.com',
  'jobcasting.office@gmail.com',
  'sumin.models@gmail.com',
  'jobcasting.office@gmail.com',
];
const CONTACT_NAMES = ['casting', 'cast', 'pd.kim', 'audition', 'contact', 'producer', 'ad.lee', 'hello'];
const BOARDS = [
  (n: number) => `https://www.filmmakers.co.kr/actorsAudition/${n}`,
  (n: number) => `https://www.otr.co.kr/casting/view/${n}`,
  (n: number) => `https://castingnara.co.kr/bbs/board.php?bo_table=casting&wr_id=${n}`,
  (n: number) => `https://cafe.naver.com/actorsmodels/${n}`,
  (n: number) => `https://www.modelcasting.kr/notice/${n}`,
];
const HOSTILE_BODIES = [
  "<p>지원 방법은 아래와 같습니다.</p><script>alert('xss')</script><p>프로필을 보내주세요.</p>",
  '<p>현장 사진 참고</p><img src=x onerror=alert(1)><p>촬영 장소: 서울 성수동</p>',
  '<p><a href="javascript:alert(document.cookie)">여기를 눌러 지원하기</a></p><iframe src="https://evil.example/steal"></iframe><p style="background:url(javascript:alert(2))">마감 임박</p>',
];

/** The day the seed's "last twelve months" end. */
const REFERENCE_DAY = Date.UTC(2026, 10, 30);
const DAY = 86400000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatPostDate(random: Random, time: number): string {
  const d = new Date(time);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  const roll = random.next();
  if (roll < 0.03) return random.pick(['', '', '어제', '지난주', '확인 필요']);
  if (roll < 0.33) return `${y}-${pad(m)}-${pad(day)}`;
  if (roll < 0.48) return `${y}.${pad(m)}.${pad(day)}`;
  if (roll < 0.58) return `${y}. ${m}. ${day}.`;
  if (roll < 0.66) return `${y}/${pad(m)}/${pad(day)}`;
  if (roll < 0.73) return `${pad(m)}/${pad(day)}/${y}`;
  if (roll < 0.83) return `${y}년 ${m}월 ${day}일`;
  if (roll < 0.88) return `${y}${pad(m)}${pad(day)}`;
  return `${y}-${pad(m)}-${pad(day)} ${pad(random.int(9, 19))}:${pad(random.pick([0, 10, 15, 30, 45]))}`;
}

function formatDeadline(random: Random, time: number): string {
  const d = new Date(time + random.int(5, 25) * DAY);
  const roll = random.next();
  if (roll < 0.5) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (roll < 0.7) return '상시 모집';
  if (roll < 0.85) return '채용시 마감';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
}

function formatFilming(random: Random, time: number): string {
  const d = new Date(time + random.int(10, 40) * DAY);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  const end = new Date(d.getTime() + random.int(1, 3) * DAY);
  switch (random.int(0, 5)) {
    case 0:
      return `${y}년 ${m}월 중 ${random.int(1, 3)}회차`;
    case 1:
      return `${m}/${day}~${end.getUTCMonth() + 1}/${end.getUTCDate()}`;
    case 2:
      return `${y}.${pad(m)}.${pad(day)} (1일)`;
    case 3:
      return '미정';
    case 4:
      return '협의 후 결정';
    default:
      return `${m}월 ${random.pick(WEEKS)} 주`;
  }
}

function phone(random: Random): string {
  return `010-${pad(random.int(2000, 9999), 4)}-${pad(random.int(0, 9999), 4)}`;
}

/** One post per row, in the column order of POST_COLUMNS (no header row). */
export function generatePostRows(count: number, seed: number | string = 'posts-2026'): string[][] {
  const random = createRandom(seed);
  const rows: string[][] = [];
  const span = 365 * DAY;
  for (let i = 0; i < count; i++) {
    // Staff add rows as posts come in: dates grow down the sheet, with a little jitter.
    const time = REFERENCE_DAY - span + Math.floor(((i + random.next()) / count) * span);
    const work = random.pick(WORKS);
    // The last works are advertisements; the others are dramas, films and shows.
    const advertisement = WORKS.indexOf(work) >= 20;
    const genre = advertisement ? random.pick(ADVERTISING) : random.pick(SHOWS);
    const producer = random.pick(PRODUCERS);
    const role = random.pick(ROLES);
    const age = role[0].includes('아역')
      ? '아역 7~9세'
      : /외국인|러시아/.test(role[0])
        ? '외국인 20~30대'
        : random.pick(GENERAL_AGES);
    const genderRoll = random.next();
    const gender = genderRoll < 0.35 ? '남자' : genderRoll < 0.75 ? '여자' : genderRoll < 0.95 ? '남녀 ' : '남녀';
    const genderWord = gender === '남자' ? '남자' : gender === '여자' ? '여자' : '남녀';
    const recruits = random.pick(RECRUITS);
    const fee = random.pick(FEES);
    const filming = formatFilming(random, time);
    const location = random.pick(LOCATIONS);
    const deadline = formatDeadline(random, time);
    const year = new Date(time).getUTCFullYear();
    const serial = 100 + i;
    const board = BOARDS[i % BOARDS.length];
    const url = board(10000 + i * 7 + random.int(0, 6));
    let title: string;
    switch (random.int(0, 4)) {
      case 0:
        title = `[${genre[0]}] ${work[0]} ${age} ${genderWord} ${role[0]} 배우 모집`;
        break;
      case 1:
        title = `${genre[0]} '${work[0]}' ${role[0]} 캐스팅`;
        break;
      case 2:
        title = `[급구] ${age} ${genderWord} 모델 모집 (${genre[0]})`;
        break;
      case 3:
        title = `${producer[0]} ${genre[0]} 출연자 모집 - ${role[0]}`;
        break;
      default:
        title = `<${work[0]}> ${age} ${role[0]} 오디션 공고`;
    }
    const styled = random.chance(0.08);
    const hostile =
      count >= 100 && (i === 17 || i === 142 || i === 256) ? HOSTILE_BODIES[[17, 142, 256].indexOf(i)] : null;
    const body =
      hostile ??
      [
        `<p><b>[작품명]</b> ${work[0]} (${genre[0]})</p>`,
        `<p><b>[제작사]</b> ${producer[0]}</p>`,
        `<p><b>[배역]</b> ${role[0]} / ${age} ${genderWord} / ${recruits}</p>`,
        `<p><b>[촬영]</b> ${filming}<br>장소: ${location}</p>`,
        `<p><b>[출연료]</b> ${fee}</p>`,
        styled ? `<p style="color:#d33;font-weight:bold">※ 마감 임박! 빠른 지원 부탁드립니다.</p>` : '',
        `<p>지원 방법<br>아래 내용을 적어 이메일로 보내주세요.</p>`,
        `<ul><li>이름 / 나이 / 키 / 연락처</li><li>프로필 사진 2장 (정면, 전신)</li><li>최근 출연작 또는 연기 영상 링크</li></ul>`,
        random.chance(0.3) ? `<p>문의: ${random.pick(MANAGERS)}</p>` : '',
      ].join('');
    const eng = random.chance(0.25)
      ? ''
      : [
          `<p><b>[Project]</b> ${work[1]} (${genre[1]})</p>`,
          `<p><b>[Role]</b> ${role[1]}, ${gender === '남자' ? 'male' : gender === '여자' ? 'female' : 'male or female'}</p>`,
          `<p><b>[Fee]</b> ${fee === '협의' || fee === '페이 협의' ? 'negotiable' : fee}</p>`,
          `<p>To apply, e-mail your profile with two photos.</p>`,
        ].join('');
    let postId = `P-${year}-${pad(serial, 5)}`;
    let postUrl = url;
    let postTitle = title;
    if (i % 100 === 57) {
      // Cannot be imported: neither an id nor a URL.
      postId = '';
      postUrl = '';
    } else if (i % 50 === 13) {
      postId = '';
    } else if (i % 67 === 31) {
      postTitle = '';
    }
    const row: Record<(typeof POST_COLUMNS)[number]['field'], string> = {
      postId,
      postTitle,
      titleOfTheWork: work[0],
      produce: producer[0],
      recruitmentGender: gender,
      numberOfRecruits: recruits,
      roleInThePlay: role[0],
      appearanceFee: fee,
      filmingPeriod: filming,
      recruitmentDeadline: deadline,
      postDate: formatPostDate(random, time),
      manager: random.pick(MANAGERS),
      phoneCall: random.chance(0.08) ? '' : phone(random),
      customerEmail: `${random.pick(CONTACT_NAMES)}@${producer[1]}`,
      email: random.pick(STAFF_EMAILS),
      body,
      eng,
      postUrl,
    };
    rows.push(POST_COLUMNS.map((column) => row[column.field]));
  }
  return rows;
}
