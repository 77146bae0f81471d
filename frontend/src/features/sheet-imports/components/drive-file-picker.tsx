import { useState } from 'react';
import { Breadcrumb, Breadcrumbs, Input, Label, Link, TextField } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { driveErrorView } from '../api/drive-error.ts';
import { runSheetImport, type ImportKind, type ImportProgress, type ImportResult } from '../api/sheet-import.ts';
import { SPREADSHEET_MIME_TYPE, useSpreadsheetTabs, type SpreadsheetTab } from '../api/spreadsheet-tabs.ts';
import { FOLDER_MIME_TYPE, useDriveFiles, type DriveFile } from '../api/use-drive-files.ts';
import { ImportProgressBar, ImportReportBanner, TitledError } from './import-outcome.tsx';

export type PickerMode = 'posting' | 'model';

/** Spec §9: the file search waits 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

const KIND: Record<PickerMode, ImportKind> = { posting: 'posts', model: 'models' };
const TEXTS = {
  posting: {
    title: 'Select Posting File',
    load: 'Load Posts',
    error: 'Load Posts Error',
    fallback: 'Failed to load posts.',
  },
  model: {
    title: 'Select Model File',
    load: 'Load Models',
    error: 'Load Models Error',
    fallback: 'Failed to load models.',
  },
} as const;

const inputClass = `h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs outline-none
  placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40`;

interface Folder {
  id: string | null;
  name: string;
}

const isFolder = (file: DriveFile) => file.mimeType === FOLDER_MIME_TYPE;
/** Both modes read a Google Sheets spreadsheet: other files are listed, not selectable. */
const isSpreadsheet = (file: DriveFile) => file.mimeType === SPREADSHEET_MIME_TYPE;
const NOT_A_SPREADSHEET = 'Not a spreadsheet: only Google Sheets files can be loaded.';

/**
 * The tab to load: the one picked when the spreadsheet has it, else its only tab, else none (staff pick one).
 * A tab picked for an earlier spreadsheet stays picked when the next one has a tab of that name.
 */
export function tabToLoad(tabs: readonly SpreadsheetTab[] | undefined, picked: string): string {
  if (!tabs) return '';
  if (tabs.some((tab) => tab.title === picked)) return picked;
  return tabs.length === 1 ? tabs[0]!.title : '';
}

function describeType(mimeType: string): string {
  if (mimeType === FOLDER_MIME_TYPE) return 'Folder';
  if (mimeType === 'application/vnd.google-apps.spreadsheet') return 'Google Sheets';
  if (mimeType === 'application/vnd.google-apps.document') return 'Google Docs';
  return mimeType;
}

function formatModified(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(
        date,
      );
}

function SkeletonRows() {
  return (
    <ul role="status" aria-label="Loading files" className="divide-y divide-slate-100">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} aria-hidden="true" className="flex h-14 animate-pulse items-center gap-3 px-3">
          <span className="size-6 rounded bg-slate-200" />
          <span className="h-4 flex-1 rounded bg-slate-200" />
          <span className="h-8 w-16 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

/** Folder, spreadsheet or other file, drawn in SVG (no emoji font is needed). */
function FileGlyph({ file, className }: { file: DriveFile; className: string }) {
  if (isFolder(file)) {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} text-amber-500`} fill="currentColor">
        <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.379a1.5 1.5 0 0 1 1.06.44L11.5 7h8A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
      </svg>
    );
  }
  const isSheet = file.mimeType.includes('spreadsheet');
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} ${isSheet ? 'text-emerald-600' : 'text-slate-500'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M6 3h8l4 4v14H6z" strokeLinejoin="round" />
      {isSheet ? <path d="M8.5 11h7M8.5 14h7M8.5 17h7M12 11v6" /> : <path d="M8.5 12h7M8.5 15h7" />}
    </svg>
  );
}

function FileIcon({ file }: { file: DriveFile }) {
  return <FileGlyph file={file} className="size-6 shrink-0" />;
}

function Thumbnail({ file }: { file: DriveFile }) {
  const [failed, setFailed] = useState(false);
  return file.thumbnailLink && !failed ? (
    <img
      src={file.thumbnailLink}
      alt={`Thumbnail of ${file.name}`}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="max-h-40 object-contain"
    />
  ) : (
    <FileGlyph file={file} className="size-16" />
  );
}

function Preview({
  file,
  onSelect,
  isDisabled,
}: {
  file: DriveFile | null;
  onSelect: (file: DriveFile) => void;
  isDisabled: boolean;
}) {
  if (!file) {
    return <p className="p-4 text-sm text-slate-600">Preview a file to see its details here.</p>;
  }
  return (
    <section aria-label="Preview" className="flex flex-col gap-3 p-4">
      <div className="flex h-40 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
        <Thumbnail key={file.id} file={file} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd className="break-words text-slate-900">{file.name}</dd>
        <dt className="font-medium text-slate-600">Type</dt>
        <dd className="break-words text-slate-900">{describeType(file.mimeType)}</dd>
        <dt className="font-medium text-slate-600">Modified</dt>
        <dd className="text-slate-900">{formatModified(file.modifiedTime)}</dd>
      </dl>
      <Button onPress={() => onSelect(file)} isDisabled={isDisabled || !isSpreadsheet(file)}>
        Select This File
      </Button>
      {!isSpreadsheet(file) && !isFolder(file) && <p className="text-xs text-slate-600">{NOT_A_SPREADSHEET}</p>}
    </section>
  );
}

type TabsState = ReturnType<typeof useSpreadsheetTabs>;

/** The chosen spreadsheet's tabs to pick from (titles from Google Sheets), with their loading and error states. */
function SheetTabChoice({
  chosen,
  tabs,
  value,
  onChange,
  isDisabled,
}: {
  chosen: DriveFile | null;
  tabs: TabsState;
  value: string;
  onChange: (title: string) => void;
  isDisabled: boolean;
}) {
  if (chosen && tabs.error) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-800">Sheet name</span>
        <TitledError
          title="Sheets Error"
          message={errorMessage(tabs.error, 'Failed to load the sheets of this spreadsheet.')}
        />
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isPending={tabs.isValidating}
          onPress={() => void tabs.mutate()}
        >
          Try Again
        </Button>
      </div>
    );
  }
  let placeholder = 'Select a spreadsheet first';
  if (chosen && !tabs.data) placeholder = 'Loading sheets…';
  else if (chosen) placeholder = tabs.data?.length ? 'Choose a sheet' : 'This spreadsheet has no sheets';
  return (
    <div className="flex flex-col gap-1.5" aria-busy={chosen !== null && !tabs.data}>
      <Select
        label="Sheet name"
        placeholder={placeholder}
        options={(tabs.data ?? []).map((tab) => ({ id: tab.title, label: tab.title }))}
        value={value || null}
        onChange={onChange}
        isDisabled={!chosen || !tabs.data || tabs.data.length === 0 || isDisabled}
      />
      <p className="text-xs text-slate-600">
        {chosen ? `The sheets (tabs) of ${chosen.name}.` : 'The sheets are listed once a spreadsheet is selected.'}
      </p>
    </div>
  );
}

interface PickerBodyProps {
  mode: PickerMode;
  accountId: number;
}

function PickerBody({ mode, accountId }: PickerBodyProps) {
  const texts = TEXTS[mode];
  const kind = KIND[mode];
  const [trail, setTrail] = useState<Folder[]>([{ id: null, name: 'My Drive' }]);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [previewed, setPreviewed] = useState<DriveFile | null>(null);
  const [chosen, setChosen] = useState<DriveFile | null>(null);
  /** The tab picked last; what is loaded is tabToLoad of the chosen spreadsheet's tabs. */
  const [pickedTab, setPickedTab] = useState('');
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const folder = trail[trail.length - 1];
  const files = useDriveFiles(accountId, search ? null : folder.id, search);
  const tabs = useSpreadsheetTabs(accountId, chosen?.id ?? null);
  const sheetName = tabToLoad(tabs.data, pickedTab);
  const hasSheetName = sheetName !== '';

  const load = async (file: DriveFile | null) => {
    if (!file) return setProblem({ title: 'No File Selected', message: 'Please select a file and enter sheet name.' });
    if (!hasSheetName) return setProblem({ title: 'Sheet Name Missing', message: 'Please enter the sheet name.' });
    setProblem(null);
    setResult(null);
    setProgress(null);
    setLoading(true);
    try {
      const outcome = await runSheetImport(kind, { fileId: file.id, sheetName, accountId }, setProgress);
      setResult(outcome);
      toast.success(outcome.message);
    } catch (failure) {
      setProblem({ title: texts.error, message: errorMessage(failure, texts.fallback) });
    } finally {
      setLoading(false);
      setProgress(null);
    }
  };

  // Choosing lists the spreadsheet's tabs; Load reads the one picked. No error is shown before Load is pressed.
  const choose = (file: DriveFile) => {
    if (!isSpreadsheet(file)) return;
    setChosen(file);
    setProblem(null);
    setResult(null);
  };

  const openFolder = (next: DriveFile) => {
    setTrail((current) => [...current, { id: next.id, name: next.name }]);
    setSearchInput('');
    setPreviewed(null);
  };

  const sorted = files.data
    ? [...files.data].sort((a, b) => Number(isFolder(b)) - Number(isFolder(a)) || a.name.localeCompare(b.name, 'ko'))
    : [];

  let list;
  if (files.isLoading || (!files.data && !files.error)) {
    list = <SkeletonRows />;
  } else if (files.error) {
    const view = driveErrorView(files.error);
    list = (
      <div className="p-3">
        <TitledError title={view.title} message={view.message} />
      </div>
    );
  } else if (sorted.length === 0) {
    list = (
      <p className="p-6 text-center text-sm text-slate-600">
        {search ? 'No matching files found.' : 'No files found in this folder.'}
      </p>
    );
  } else {
    list = (
      <ul aria-label="Files" className="divide-y divide-slate-100">
        {sorted.map((file) => (
          <li
            key={file.id}
            className={`flex min-h-14 items-center gap-3 px-3 py-2 ${chosen?.id === file.id ? 'bg-brand-50' : ''} ${!isFolder(file) && !isSpreadsheet(file) ? 'bg-slate-50' : ''}`}
          >
            <FileIcon file={file} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-slate-600">
                {formatModified(file.modifiedTime)}
                {!isFolder(file) && !isSpreadsheet(file) && (
                  <span id={`not-sheet-${file.id}`}> · Not a spreadsheet</span>
                )}
              </p>
            </div>
            {isFolder(file) ? (
              <Button variant="secondary" size="sm" aria-label={`Open ${file.name}`} onPress={() => openFolder(file)}>
                Open
              </Button>
            ) : (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Preview ${file.name}`}
                  onPress={() => setPreviewed(file)}
                >
                  Preview
                </Button>
                <Button
                  size="sm"
                  aria-label={`Select ${file.name}`}
                  aria-describedby={isSpreadsheet(file) ? undefined : `not-sheet-${file.id}`}
                  isDisabled={isLoading || !isSpreadsheet(file)}
                  onPress={() => choose(file)}
                >
                  Select
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SheetTabChoice chosen={chosen} tabs={tabs} value={sheetName} onChange={setPickedTab} isDisabled={isLoading} />
        <TextField value={searchInput} onChange={setSearchInput} className="flex flex-col gap-1.5">
          <Label className="text-sm font-medium text-slate-800">Search files</Label>
          <Input type="search" className={inputClass} placeholder="File name" />
        </TextField>
      </div>

      <div className="flex flex-col gap-3 empty:hidden" aria-live="polite">
        {isLoading && <ImportProgressBar kind={kind} progress={progress} />}
        {problem && <TitledError title={problem.title} message={problem.message} />}
        {result && <ImportReportBanner result={result} />}
      </div>

      <nav aria-label="Folder">
        <Breadcrumbs className="flex flex-wrap items-center gap-1 text-sm">
          {(search ? [...trail, { id: '__search__', name: `Search: ${search}` }] : trail).map((crumb, index, all) => (
            <Breadcrumb
              key={crumb.id ?? 'root'}
              id={crumb.id ?? 'root'}
              className="flex items-center gap-1 text-slate-700"
            >
              {index < all.length - 1 ? (
                <>
                  <Link
                    className={`rounded px-1 font-medium text-brand-800 underline-offset-2 hover:underline cursor-pointer ${focusRing}`}
                    onPress={() => {
                      setTrail(trail.slice(0, Math.min(index + 1, trail.length)));
                      setSearchInput('');
                    }}
                  >
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true" className="text-slate-500">
                    ›
                  </span>
                </>
              ) : (
                <span className="px-1 font-semibold text-slate-900">{crumb.name}</span>
              )}
            </Breadcrumb>
          ))}
        </Breadcrumbs>
      </nav>

      <div className="grid min-h-80 gap-4 md:grid-cols-[1fr_18rem]">
        <div className="max-h-96 overflow-y-auto rounded-xl border border-slate-200" tabIndex={-1}>
          {list}
        </div>
        <div className="rounded-xl border border-slate-200">
          <Preview file={previewed} onSelect={choose} isDisabled={isLoading} />
        </div>
      </div>

      <DialogActions>
        <p className="mr-auto text-sm text-slate-700" aria-live="polite">
          {chosen ? (
            <>
              Selected: <span className="font-semibold text-slate-900">{chosen.name}</span>
              {hasSheetName ? (
                <>
                  {' '}
                  · sheet <span className="font-semibold text-slate-900">{sheetName}</span>
                </>
              ) : (
                tabs.data && ' · choose the sheet to load'
              )}
            </>
          ) : (
            'Select a spreadsheet, then its sheet.'
          )}
        </p>
        <Button slot="close" variant="secondary">
          Close
        </Button>
        <Button isDisabled={!hasSheetName || isLoading} isPending={isLoading} onPress={() => void load(chosen)}>
          {isLoading ? 'Loading…' : texts.load}
        </Button>
      </DialogActions>
    </div>
  );
}

/** The Drive file picker (spec §2, dialogs): browse or search the account's Drive, choose a sheet, load it. */
export function DriveFilePicker({
  mode,
  accountId,
  onClose,
}: {
  mode: PickerMode | null;
  accountId: number | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={mode ? TEXTS[mode].title : ''}
      size="lg"
      isOpen={!!mode}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {mode && accountId !== null && <PickerBody key={`${mode}-${accountId}`} mode={mode} accountId={accountId} />}
      {mode && accountId === null && (
        <>
          <p className="text-sm text-slate-700">
            Connect a mail account first: the files are read from its Google Drive.
          </p>
          <DialogActions>
            <Button slot="close" variant="secondary">
              Close
            </Button>
            <Link
              href={paths.emailAccounts}
              className={`inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white ${focusRing}`}
            >
              Email Accounts
            </Link>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
