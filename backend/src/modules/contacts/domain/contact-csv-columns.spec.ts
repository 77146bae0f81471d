import { CONTACT_CSV_FIELDS, mapContactColumns } from './contact-csv-columns.js';

const fieldsOf = (header: string[]) => mapContactColumns(header).columns;

describe('mapContactColumns', () => {
  it("reads the spec's upload template", () => {
    const header = [
      'Group',
      'Chat Window Name',
      'Name',
      'Phone Number',
      'Email',
      'Definition 1',
      'Definition 2',
      'Definition 3',
      'Memo',
      'Start Status',
      'Completion Status',
      'Checklist Confirmation',
      'KakaoTalk Chat Name',
      'Modified Chat Name',
    ];
    expect(mapContactColumns(header)).toEqual({
      columns: [...CONTACT_CSV_FIELDS],
      unknown: [],
      duplicates: [],
      missingName: false,
    });
  });

  it('reads the field names themselves, whatever the case', () => {
    expect(fieldsOf([...CONTACT_CSV_FIELDS])).toEqual([...CONTACT_CSV_FIELDS]);
    expect(fieldsOf(['CONTACTNAME', 'phonenumber', 'KakaoTalk', 'modify_chat'])).toEqual([
      'contactName',
      'phoneNumber',
      'kakaoTalk',
      'modifyChat',
    ]);
  });

  it('reads the list form, leaving out its ID and Check columns without calling them unknown', () => {
    const header = [
      'ID',
      'Group',
      'Check',
      'Conversation',
      'Name',
      'Phone_Number',
      'Email',
      'Definition1',
      'Definition2',
      'Definition3',
    ];
    const more = ['Memo', 'Start_Or', 'Whether_Or', 'Checklist', 'Dialogue_Name', 'Change_Name'];
    expect(mapContactColumns([...header, ...more])).toEqual({
      columns: [
        null,
        'group',
        null,
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
      ],
      unknown: [],
      duplicates: [],
      missingName: false,
    });
  });

  it('reads the Korean headers staff use', () => {
    const cases: [string, string][] = [
      ['그룹', 'group'],
      ['그룹명', 'group'],
      ['대화방 이름', 'chatWindowName'],
      ['대화방명', 'chatWindowName'],
      ['채팅방 이름', 'chatWindowName'],
      ['이름', 'contactName'],
      ['성명', 'contactName'],
      ['연락처 이름', 'contactName'],
      ['전화번호', 'phoneNumber'],
      ['휴대폰', 'phoneNumber'],
      ['휴대폰 번호', 'phoneNumber'],
      ['핸드폰', 'phoneNumber'],
      ['연락처', 'phoneNumber'],
      ['이메일', 'email'],
      ['메일', 'email'],
      ['정의1', 'definition1'],
      ['정의 2', 'definition2'],
      ['정의3', 'definition3'],
      ['메모', 'memo'],
      ['시작 상태', 'startStatus'],
      ['시작여부', 'startStatus'],
      ['완료 상태', 'completionStatus'],
      ['종료 상태', 'completionStatus'],
      ['완료여부', 'completionStatus'],
      ['체크리스트', 'checklistConfirm'],
      ['체크리스트 확인', 'checklistConfirm'],
      ['카카오톡 이름', 'kakaoTalk'],
      ['카톡 이름', 'kakaoTalk'],
      ['카카오톡 대화명', 'kakaoTalk'],
      ['변경 이름', 'modifyChat'],
      ['수정 대화명', 'modifyChat'],
      ['변경 대화명', 'modifyChat'],
    ];
    for (const [header, field] of cases) expect([header, fieldsOf([header])[0]]).toEqual([header, field]);
  });

  it('ignores case, spaces and punctuation', () => {
    expect(fieldsOf(['phone number'])).toEqual(['phoneNumber']);
    expect(fieldsOf(['Phone'])).toEqual(['phoneNumber']);
    expect(fieldsOf(['PhoneNumber'])).toEqual(['phoneNumber']);
    expect(fieldsOf(['전화 번호'])).toEqual(['phoneNumber']);
    expect(fieldsOf([' E-mail '])).toEqual(['email']);
    expect(fieldsOf(['[Definition.1]'])).toEqual(['definition1']);
    expect(fieldsOf(['대화방·이름'])).toEqual(['chatWindowName']);
    expect(fieldsOf(['Start/Status:'])).toEqual(['startStatus']);
  });

  it('reports unknown headers and repeated fields, keeping the first column of a field', () => {
    expect(mapContactColumns(['이름', '주소', 'Name', '', '전화번호', '휴대폰', 'Birthday'])).toEqual({
      columns: ['contactName', null, null, null, 'phoneNumber', null, null],
      unknown: ['주소', 'Birthday'],
      duplicates: ['Name', '휴대폰'],
      missingName: false,
    });
  });

  it('accepts a phone number column alone, or a name column alone', () => {
    expect(mapContactColumns(['휴대폰', '메모']).missingName).toBe(false);
    expect(mapContactColumns(['성명']).missingName).toBe(false);
  });

  it('marks a file with neither a name nor a phone number column', () => {
    expect(mapContactColumns(['Email', 'Memo', 'Nickname'])).toMatchObject({
      columns: ['email', 'memo', null],
      unknown: ['Nickname'],
      missingName: true,
    });
    expect(mapContactColumns([]).missingName).toBe(true);
  });
});
