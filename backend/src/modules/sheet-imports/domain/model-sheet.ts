// A models sheet (spec §3, Model): its columns by field name or the Korean headers staff use. Pure.
import { type ColumnSpec, mapColumns, readRow } from '../../../platform/domain/column-mapping.js';
import { type ModelRecord, toModelRecord } from '../../models/domain/model-record.js';
import { type ReadSheet, readRows, SheetShapeError } from './sheet-import-report.js';

type ModelColumn =
  | 'comcardNo'
  | 'image'
  | 'nameEng'
  | 'nameKor'
  | 'national'
  | 'stage'
  | 'additionalPic'
  | 'download'
  | 'comcardPhotoURL'
  | 'htmlUrl';

export const MODEL_SHEET_COLUMNS: readonly ColumnSpec<ModelColumn>[] = [
  { field: 'comcardNo', headers: ['콤카드 번호', '콤카드', '콤카드 No', 'Comcard No'], required: true },
  { field: 'image', headers: ['이미지', '사진'] },
  { field: 'nameEng', headers: ['영문 이름', '영문명', 'English Name'] },
  { field: 'nameKor', headers: ['한글 이름', '한글명', '이름', 'Korean Name'] },
  { field: 'national', headers: ['국적', 'Nationality'] },
  { field: 'stage', headers: ['예명', '활동명', 'Stage Name'] },
  { field: 'additionalPic', headers: ['추가 사진', '추가 이미지'] },
  { field: 'download', headers: ['다운로드', '다운로드 링크'] },
  { field: 'comcardPhotoURL', headers: ['콤카드 사진', '콤카드 사진 URL'] },
  { field: 'htmlUrl', headers: ['HTML 주소', 'HTML URL', 'HTML'] },
];

export function readModelSheet(values: readonly (readonly unknown[])[]): ReadSheet<ModelRecord> {
  const [header = [], ...rows] = values;
  const { columns, unknownHeaders, missing } = mapColumns(header, MODEL_SHEET_COLUMNS);
  if (missing.length > 0)
    throw new SheetShapeError('The first row of the sheet needs a 콤카드 번호 (comcardNo) column.');
  const read = readRows(
    rows,
    (row) => {
      const record = toModelRecord(readRow(row, columns));
      if (!record) throw new RangeError('The row has no comcard number.');
      return record;
    },
    (record) => record.comcardNo,
    'comcard number',
  );
  return { ...read, unknownHeaders };
}
