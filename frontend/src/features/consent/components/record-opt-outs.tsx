import { formatPhone } from '@job-casting/rules';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  importOptOutCsv,
  type OptOutBatchResult,
  type OptOutChannel,
  type OptOutSource,
  recordOptOut,
  recordOptOutList,
} from '../api/opt-outs.ts';
import { batchSummary, CHANNEL_OPTIONS, SOURCE_OPTIONS } from './opt-out-labels.ts';
import { countOf } from '../../../lib/count-words.ts';

type Mode = 'one' | 'list' | 'file';

const MODES = [
  { id: 'one', label: 'One' },
  { id: 'list', label: 'Paste a list' },
  { id: 'file', label: 'CSV file' },
] as const;

/** A CSV read (previewed), then imported. */
interface FileState {
  file: File;
  preview: OptOutBatchResult | null;
  imported: OptOutBatchResult | null;
}

/** Recording opt-outs: one address, a pasted list (one a line), or a CSV file previewed before it is imported. */
export function RecordOptOuts() {
  const [mode, setMode] = useState<Mode>('one');
  const [channel, setChannel] = useState<OptOutChannel>('all');
  const [source, setSource] = useState<OptOutSource>('request');
  const [address, setAddress] = useState('');
  const [list, setList] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listResult, setListResult] = useState<OptOutBatchResult | null>(null);
  const [file, setFile] = useState<FileState | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const changeMode = (next: Mode) => {
    setMode(next);
    setError(null);
    // A file usually comes from the 080 service, typed entries from the person or staff.
    setSource(next === 'file' ? '080' : 'request');
  };

  const submitOne = () =>
    run(async () => {
      if (!address.trim()) return setError('Please enter a phone number or an e-mail address.');
      try {
        const optOut = await recordOptOut({
          address: address.trim(),
          channel,
          source,
          ...(note.trim() ? { note: note.trim() } : {}),
        });
        toast.success(`Recorded: ${optOut.kind === 'phone' ? formatPhone(optOut.address) : optOut.address} opted out.`);
        setAddress('');
        setNote('');
      } catch (failure) {
        setError(errorMessage(failure, 'The opt-out could not be recorded.'));
      }
    });

  const submitList = () =>
    run(async () => {
      if (!list.trim()) return setError('Please paste one phone number or e-mail address a line.');
      try {
        const result = await recordOptOutList({
          text: list,
          channel,
          source,
          ...(note.trim() ? { note: note.trim() } : {}),
        });
        setListResult(result);
        if (result.rejected.length === 0) setList('');
      } catch (failure) {
        setError(errorMessage(failure, 'The list could not be recorded.'));
      }
    });

  const previewFile = (chosen: File, fileSource = source, fileChannel = channel) =>
    run(async () => {
      setFile({ file: chosen, preview: null, imported: null });
      try {
        setFile({
          file: chosen,
          preview: await importOptOutCsv(chosen, fileChannel, fileSource, true),
          imported: null,
        });
      } catch (failure) {
        setFile(null);
        setError(errorMessage(failure, 'The file could not be read.'));
      }
    });

  const importFile = () =>
    run(async () => {
      if (!file) return;
      try {
        const imported = await importOptOutCsv(file.file, channel, source, false);
        setFile({ ...file, imported });
        toast.success(`Imported ${file.file.name}: ${imported.recorded} recorded.`);
      } catch (failure) {
        setError(errorMessage(failure, 'The file could not be imported.'));
      }
    });

  /** The file is read again when what it would record changes. */
  const changeChannel = (next: OptOutChannel) => {
    setChannel(next);
    if (mode === 'file' && file && !file.imported) void previewFile(file.file, source, next);
  };
  const changeSource = (next: OptOutSource) => {
    setSource(next);
    if (mode === 'file' && file && !file.imported) void previewFile(file.file, next, channel);
  };

  const report = mode === 'list' ? listResult : (file?.imported ?? file?.preview ?? null);

  return (
    <section
      aria-labelledby="record-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="record-title" className="text-base font-semibold text-slate-900">
        Record opt-outs
      </h2>
      <SegmentedChoice label="How" options={MODES} value={mode} onChange={changeMode} />
      <div className="grid grid-cols-2 gap-3">
        <Select label="Channel" options={CHANNEL_OPTIONS} value={channel} onChange={changeChannel} />
        <Select label="Source" options={SOURCE_OPTIONS} value={source} onChange={changeSource} />
      </div>
      {mode === 'one' && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submitOne();
          }}
        >
          <TextField
            label="Phone number or e-mail"
            value={address}
            onChange={setAddress}
            placeholder="010-1234-5678"
            autoComplete="off"
          />
          <TextField label="Note" value={note} onChange={setNote} maxLength={500} placeholder="Optional" />
          <Button type="submit" isPending={busy} className="self-start">
            Record Opt-out
          </Button>
        </form>
      )}
      {mode === 'list' && (
        <>
          <TextAreaField
            label="Phone numbers or e-mail addresses, one a line"
            rows={7}
            value={list}
            onChange={setList}
          />
          <TextField label="Note" value={note} onChange={setNote} maxLength={500} placeholder="Optional" />
          <Button isPending={busy} className="self-start" onPress={() => void submitList()}>
            Record List
          </Button>
        </>
      )}
      {mode === 'file' && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            A CSV file (the 080 service&apos;s export, or any list) in UTF-8, UTF-16 or CP949 (Korean Excel). Each
            row&apos;s first phone number or e-mail address is read; a header row is skipped. You see what it holds
            before anything is recorded.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <FileTrigger
              acceptedFileTypes={['.csv', 'text/csv', '.txt']}
              onSelect={(files) => files?.[0] && void previewFile(files[0])}
            >
              <Button variant="secondary" isDisabled={busy}>
                Choose CSV File
              </Button>
            </FileTrigger>
            {file && <span className="truncate text-sm text-slate-700">{file.file.name}</span>}
          </div>
          {file?.preview && !file.imported && (
            <Button
              isPending={busy}
              isDisabled={file.preview.recorded === 0}
              className="self-start"
              onPress={() => void importFile()}
            >
              Import {countOf(file.preview.recorded, 'Opt-out')}
            </Button>
          )}
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      {report && <BatchReport result={report} preview={mode === 'file' && !file?.imported} />}
    </section>
  );
}

/** What a list or file recorded, with each rejected line and why. */
function BatchReport({ result, preview }: { result: OptOutBatchResult; preview: boolean }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
    >
      <p className="font-medium">
        {preview ? 'In the file: ' : ''}
        {batchSummary(result, preview)}
      </p>
      {result.encoding && (
        <p className="text-xs text-slate-600">
          Read as {result.encoding.toUpperCase()}
          {result.suspicious ? ': some characters could not be read, check the rejected lines.' : '.'}
        </p>
      )}
      {result.rejected.length > 0 && (
        <ul
          aria-label="Rejected lines"
          className="max-h-40 overflow-y-auto rounded border border-slate-200 bg-white text-xs"
        >
          {result.rejected.map((line) => (
            <li key={line.line} className="flex gap-2 border-b border-slate-100 px-2 py-1 last:border-0">
              <span className="w-14 shrink-0 tabular-nums text-slate-500">Line {line.line}</span>
              <span>{line.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
