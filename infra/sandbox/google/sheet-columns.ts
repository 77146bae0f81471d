// The columns of the agency's Google Sheets: the field names the product uses and the Korean headers the staff
// type in the first row. The seed sheets, the generated benchmark sheets and the example folder all use these.

export const POST_COLUMNS = [
  { field: 'postId', header: '공고ID' },
  { field: 'postTitle', header: '공고 제목' },
  { field: 'titleOfTheWork', header: '작품명' },
  { field: 'produce', header: '제작사' },
  { field: 'recruitmentGender', header: '모집 성별' },
  { field: 'numberOfRecruits', header: '모집 인원' },
  { field: 'roleInThePlay', header: '배역' },
  { field: 'appearanceFee', header: '출연료' },
  { field: 'filmingPeriod', header: '촬영 기간' },
  { field: 'recruitmentDeadline', header: '모집 마감' },
  { field: 'postDate', header: '등록일' },
  { field: 'manager', header: '담당자' },
  { field: 'phoneCall', header: '연락처' },
  { field: 'customerEmail', header: '고객 이메일' },
  { field: 'email', header: '이메일' },
  { field: 'body', header: '본문' },
  { field: 'eng', header: '영문' },
  { field: 'postUrl', header: '공고 URL' },
] as const;

export const MODEL_COLUMNS = [
  { field: 'comcardNo', header: '콤카드 번호' },
  { field: 'image', header: '이미지' },
  { field: 'nameEng', header: '영문 이름' },
  { field: 'nameKor', header: '한글 이름' },
  { field: 'national', header: '국적' },
  { field: 'stage', header: '예명' },
  { field: 'additionalPic', header: '추가 사진' },
  { field: 'download', header: '다운로드' },
  { field: 'comcardPhotoURL', header: '콤카드 사진' },
  { field: 'htmlUrl', header: 'HTML 주소' },
] as const;

export type PostField = (typeof POST_COLUMNS)[number]['field'];
export type ModelField = (typeof MODEL_COLUMNS)[number]['field'];

/** Field name → Korean header, e.g. `POST_HEADERS.postTitle === '공고 제목'`. */
export const POST_HEADERS = Object.fromEntries(POST_COLUMNS.map((c) => [c.field, c.header])) as Record<
  PostField,
  string
>;
export const MODEL_HEADERS = Object.fromEntries(MODEL_COLUMNS.map((c) => [c.field, c.header])) as Record<
  ModelField,
  string
>;

/** The header rows, in column order: Korean (as staff type them) and English field names. */
export const POST_HEADER_ROW_KO: readonly string[] = POST_COLUMNS.map((c) => c.header);
export const POST_HEADER_ROW_FIELDS: readonly string[] = POST_COLUMNS.map((c) => c.field);
export const MODEL_HEADER_ROW_KO: readonly string[] = MODEL_COLUMNS.map((c) => c.header);
export const MODEL_HEADER_ROW_FIELDS: readonly string[] = MODEL_COLUMNS.map((c) => c.field);
