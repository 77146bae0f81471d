import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';

/** The headers a posts sheet may use for each field (the back end's post-sheet columns); the first row holds them. */
const POST_HEADERS: readonly [field: string, headers: string, note?: string][] = [
  ['postId', '공고ID, 공고 번호, 게시글 ID, 번호, ID', 'postId or postUrl is needed to tell posts apart'],
  ['postTitle', '공고 제목, 제목', 'required'],
  ['titleOfTheWork', '작품명, 작품 제목, 작품'],
  ['produce', '제작사, 제작'],
  ['recruitmentGender', '모집 성별, 성별', '남자, 여자 or 남녀'],
  ['numberOfRecruits', '모집 인원, 인원'],
  ['roleInThePlay', '배역, 역할'],
  ['appearanceFee', '출연료, 페이'],
  ['filmingPeriod', '촬영 기간, 촬영 일정, 촬영일'],
  ['recruitmentDeadline', '모집 마감, 마감일, 마감'],
  ['postDate', '등록일, 게시일, 작성일, 등록 일자', 'a date such as 2026-07-01 or 2026. 7. 1.'],
  ['manager', '담당자'],
  ['phoneCall', '연락처, 전화번호, 전화'],
  ['customerEmail', '고객 이메일, 고객 메일'],
  ['email', '이메일, 메일'],
  ['body', '본문, 내용, 공고 내용', 'Korean description; HTML allowed, scripts are removed'],
  ['eng', '영문, 영문 본문, English', 'English description'],
  ['postUrl', '공고 URL, URL, 링크, 원문 링크'],
];

const MODEL_HEADERS: readonly [field: string, headers: string, note?: string][] = [
  ['comcardNo', '콤카드 번호, 콤카드, 콤카드 No, Comcard No', 'required; identifies the model'],
  ['image', '이미지, 사진'],
  ['nameEng', '영문 이름, 영문명, English Name'],
  ['nameKor', '한글 이름, 한글명, 이름, Korean Name'],
  ['national', '국적, Nationality'],
  ['stage', '예명, 활동명, Stage Name'],
  ['additionalPic', '추가 사진, 추가 이미지', 'URL'],
  ['download', '다운로드, 다운로드 링크', 'URL'],
  ['comcardPhotoURL', '콤카드 사진, 콤카드 사진 URL', 'URL'],
  ['htmlUrl', 'HTML 주소, HTML URL, HTML', 'URL; a Drive link gives the thumbnail'],
];

function HeaderTable({ caption, rows }: { caption: string; rows: typeof POST_HEADERS }) {
  return (
    <div
      className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Field
            </th>
            <th scope="col" className="px-3 py-2">
              Headers accepted
            </th>
            <th scope="col" className="px-3 py-2">
              Note
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([field, headers, note]) => (
            <tr key={field}>
              <th scope="row" className="px-3 py-1.5 font-mono text-xs font-medium text-slate-900">
                {field}
              </th>
              <td className="px-3 py-1.5 text-slate-800">{headers}</td>
              <td className="px-3 py-1.5 text-xs text-slate-600">{note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-800">{children}</ol>;
}

const tabClass = `rounded-md px-3 py-2 text-sm font-medium text-slate-700 cursor-pointer hover:text-slate-900
  data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm ${focusRing}`;

/** The Instructions guide (spec §2): loading models and posts from sheets, adding a model, e-mail templates. */
export function InstructionsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog title="Instructions" size="lg" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Tabs>
        <TabList aria-label="Instructions" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          <Tab id="models" className={tabClass}>
            Loading Models
          </Tab>
          <Tab id="posts" className={tabClass}>
            Loading Posts
          </Tab>
          <Tab id="new-model" className={tabClass}>
            Adding New Model
          </Tab>
          <Tab id="templates" className={tabClass}>
            Email Templates
          </Tab>
        </TabList>
        <TabPanel id="models" className={`mt-4 rounded-lg outline-none ${focusRing}`}>
          <Steps>
            <li>
              Press <strong>Select Model File</strong> on the dashboard of the account whose Google Drive holds the
              sheet.
            </li>
            <li>
              Enter the <strong>sheet name</strong>: the tab of the spreadsheet that lists the models, exactly as it is
              named.
            </li>
            <li>
              Browse the folders (Open) or search by file name, then <strong>Select</strong> the spreadsheet.
            </li>
            <li>
              Press <strong>Load Models</strong>. A model with a comcard number already loaded is updated, not added
              twice.
            </li>
          </Steps>
          <p className="mt-3 text-sm text-slate-700">
            The first row of the sheet holds the headers, in Korean or English or as the field names; columns may be in
            any order. Rows that cannot be used are listed with their row number and the reason.
          </p>
          <HeaderTable caption="Model sheet headers" rows={MODEL_HEADERS} />
        </TabPanel>
        <TabPanel id="posts" className={`mt-4 rounded-lg outline-none ${focusRing}`}>
          <Steps>
            <li>
              Press <strong>Select Posting File</strong> on the dashboard.
            </li>
            <li>
              Enter the <strong>sheet name</strong> first (for example 공고).
            </li>
            <li>
              Select the spreadsheet: with a sheet name entered, the posts load at once; a progress bar follows large
              sheets.
            </li>
            <li>The report tells how many posts were created, updated, unchanged or rejected; the list reloads.</li>
          </Steps>
          <p className="mt-3 text-sm text-slate-700">
            Loading the same sheet again updates the posts it already loaded (by post ID, or by post URL). Favourites,
            memos and sent e-mails are kept.
          </p>
          <HeaderTable caption="Post sheet headers" rows={POST_HEADERS} />
        </TabPanel>
        <TabPanel id="new-model" className={`mt-4 rounded-lg outline-none ${focusRing}`}>
          <Steps>
            <li>
              Add a row to the models sheet with a new comcard number and the model&apos;s details (see Loading Models
              for the headers).
            </li>
            <li>
              Put links to the comcard, extra pictures and the download file in the URL columns; Drive links work.
            </li>
            <li>Load the models sheet again: the new model is added and existing ones are updated.</li>
          </Steps>
          <p className="mt-3 text-sm text-slate-700">
            Adding and editing models one by one in the Model Templates dialog arrives with templates.
          </p>
        </TabPanel>
        <TabPanel id="templates" className={`mt-4 rounded-lg outline-none ${focusRing}`}>
          <p className="text-sm text-slate-800">
            E-mail templates are texts with placeholders in double braces that are filled when an e-mail is sent, for
            example
            <code className="mx-1 rounded bg-slate-100 px-1">{'{{nameEng}}'}</code> or
            <code className="mx-1 rounded bg-slate-100 px-1">{'{{manager}}'}</code>.
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
            <li>
              Model information: comcardNo, nameEng, nameKor, national, stage, modelCount, allModelNames,
              allModelNationalities, modelList.
            </li>
            <li>Media and links: image, additionalPic, download, comcardPhotoURL, htmlUrl, comcardPic.</li>
            <li>Profile and contact: postId, manager, phoneCall, customerEmail, email, name.</li>
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            One template is the default. Several models are joined with commas. Templates arrive with e-mail sending.
          </p>
        </TabPanel>
      </Tabs>
      <DialogCloseActions />
    </Dialog>
  );
}
