// Which column of an uploaded address book holds which contact field. Headers come from the spec's upload
// template, from our own list form (and its download) or from sheets staff keep in Korean.
import { type ColumnSpec, headerKey, headerLookup } from '../../../platform/domain/column-mapping.js';

export const CONTACT_CSV_FIELDS = [
  'group',
  'chatWindowName',
  'contactName',
  'phoneNumber',
  'email',
  'definition1',
  'definition2',
  'definition3',
  'memo',
  'startStatus',
  'completionStatus',
  'checklistConfirm',
  'kakaoTalk',
  'modifyChat',
] as const;

export type ContactCsvField = (typeof CONTACT_CSV_FIELDS)[number];

/** Header texts besides the field name itself; compared without case, spaces or `_ - . · : ( ) [ ] /`. */
export const CONTACT_CSV_HEADERS: Record<ContactCsvField, readonly string[]> = {
  group: ['Group', '그룹', '그룹명'],
  chatWindowName: ['Chat Window Name', 'Conversation', '대화방 이름', '대화방명', '채팅방 이름'],
  contactName: ['Name', '이름', '성명', '연락처 이름'],
  phoneNumber: ['Phone Number', 'Phone', '전화번호', '휴대폰', '휴대폰 번호', '핸드폰', '연락처'],
  email: ['Email', '이메일', '메일'],
  definition1: ['Definition 1', '정의1'],
  definition2: ['Definition 2', '정의2'],
  definition3: ['Definition 3', '정의3'],
  memo: ['Memo', '메모'],
  startStatus: ['Start Status', 'Start_Or', '시작 상태', '시작여부'],
  completionStatus: ['Completion Status', 'Whether_Or', '완료 상태', '종료 상태', '완료여부'],
  checklistConfirm: ['Checklist Confirmation', 'Checklist', '체크리스트', '체크리스트 확인'],
  kakaoTalk: ['KakaoTalk Chat Name', 'Dialogue_Name', '카카오톡 이름', '카톡 이름', '카카오톡 대화명'],
  modifyChat: ['Modified Chat Name', 'Change_Name', '변경 이름', '수정 대화명', '변경 대화명'],
};

/** Columns of our own list form that an upload may carry but that are never imported: ids are ours to give. */
const IGNORED_HEADERS = new Set(['ID', 'Check', '체크', '선택'].map(headerKey));

const SPECS: ColumnSpec<ContactCsvField>[] = CONTACT_CSV_FIELDS.map((field) => ({
  field,
  headers: CONTACT_CSV_HEADERS[field],
}));
const fieldOf = headerLookup(SPECS);

export interface ContactColumnMapping {
  /** The field each column holds, by position; null for columns not imported. */
  columns: (ContactCsvField | null)[];
  /** Headers that mean nothing here (reported; their columns are left out). */
  unknown: string[];
  /** Headers of a field that an earlier column already holds (the first one is read, these are left out). */
  duplicates: string[];
  /** Neither a name nor a phone number column: nothing could tell the contacts apart, the file is refused. */
  missingName: boolean;
}

export const MISSING_NAME_MESSAGE =
  'The file has neither a Name nor a Phone Number column. Put the column titles (for example Name, Phone Number, Email) in the first row.';

export function mapContactColumns(header: readonly string[]): ContactColumnMapping {
  const columns: (ContactCsvField | null)[] = [];
  const unknown: string[] = [];
  const duplicates: string[] = [];
  const taken = new Set<ContactCsvField>();
  for (const cell of header) {
    const text = cell.trim();
    const field = text ? fieldOf(text) : undefined;
    if (!field) {
      if (text && !IGNORED_HEADERS.has(headerKey(text))) unknown.push(text);
      columns.push(null);
    } else if (taken.has(field)) {
      duplicates.push(text);
      columns.push(null);
    } else {
      taken.add(field);
      columns.push(field);
    }
  }
  return { columns, unknown, duplicates, missingName: !taken.has('contactName') && !taken.has('phoneNumber') };
}
