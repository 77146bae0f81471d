// A posts sheet (spec §3, Post): its columns by field name or the Korean headers staff use. Pure.
import { type ColumnSpec, mapColumns, readRow } from '../../../platform/domain/column-mapping.js';
import { parseTypedDate } from './typed-date.js';
import { type PostRecord, toPostRecord } from '../../posts/domain/post-record.js';
import { type ReadSheet, readRows, SheetShapeError } from './sheet-import-report.js';

type PostColumn =
  | 'postId'
  | 'postTitle'
  | 'titleOfTheWork'
  | 'produce'
  | 'recruitmentGender'
  | 'numberOfRecruits'
  | 'roleInThePlay'
  | 'appearanceFee'
  | 'filmingPeriod'
  | 'recruitmentDeadline'
  | 'postDate'
  | 'manager'
  | 'phoneCall'
  | 'customerEmail'
  | 'email'
  | 'body'
  | 'eng'
  | 'postUrl';

/** Field names and the headers that mean them (docs/imports.md documents these with a sample sheet). */
export const POST_SHEET_COLUMNS: readonly ColumnSpec<PostColumn>[] = [
  { field: 'postId', headers: ['공고ID', '공고 번호', '게시글 ID', '번호', 'ID'] },
  { field: 'postTitle', headers: ['공고 제목', '제목'], required: true },
  { field: 'titleOfTheWork', headers: ['작품명', '작품 제목', '작품'] },
  { field: 'produce', headers: ['제작사', '제작'] },
  { field: 'recruitmentGender', headers: ['모집 성별', '성별'] },
  { field: 'numberOfRecruits', headers: ['모집 인원', '인원'] },
  { field: 'roleInThePlay', headers: ['배역', '역할'] },
  { field: 'appearanceFee', headers: ['출연료', '페이'] },
  { field: 'filmingPeriod', headers: ['촬영 기간', '촬영 일정', '촬영일'] },
  { field: 'recruitmentDeadline', headers: ['모집 마감', '마감일', '마감'] },
  { field: 'postDate', headers: ['등록일', '게시일', '작성일', '등록 일자'] },
  { field: 'manager', headers: ['담당자'] },
  { field: 'phoneCall', headers: ['연락처', '전화번호', '전화'] },
  { field: 'customerEmail', headers: ['고객 이메일', '고객 메일'] },
  { field: 'email', headers: ['이메일', '메일'] },
  { field: 'body', headers: ['본문', '내용', '공고 내용'] },
  { field: 'eng', headers: ['영문', '영문 본문', 'English'] },
  { field: 'postUrl', headers: ['공고 URL', 'URL', '링크', '원문 링크'] },
];

export function readPostSheet(values: readonly (readonly unknown[])[]): ReadSheet<PostRecord> {
  const [header = [], ...rows] = values;
  const { columns, unknownHeaders, missing } = mapColumns(header, POST_SHEET_COLUMNS);
  if (missing.length > 0) throw new SheetShapeError('The first row of the sheet needs a 공고 제목 (postTitle) column.');
  if (!columns.has('postId') && !columns.has('postUrl')) {
    throw new SheetShapeError(
      'The first row of the sheet needs a 공고ID (postId) or 공고 URL (postUrl) column to tell posts apart.',
    );
  }
  const read = readRows(
    rows,
    (row) => {
      const cells = readRow(row, columns);
      // toPostRecord refuses an over-long post ID with a RangeError, which readRows reports for the row.
      const record = toPostRecord({
        ...cells,
        postDateText: cells.postDate ?? null,
        postDate: parseTypedDate(cells.postDate),
      });
      if (!record)
        throw new RangeError(
          'The row has neither a post ID nor a post URL, so it cannot be told apart from other posts.',
        );
      return record;
    },
    (record) => record.postKey,
    'post ID',
  );
  return { ...read, unknownHeaders };
}
