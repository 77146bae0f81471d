import { usePictureUrl } from '../api/message-files.ts';
import type { MessageFile } from '../api/messaging-types.ts';
import { fileLabel, fileListPreview } from './attachments.ts';

function Thumbnail({ file }: { file: MessageFile }) {
  const url = usePictureUrl(file.id);
  return url ? (
    <img src={url} alt="" className="size-8 shrink-0 rounded object-cover ring-1 ring-slate-200" />
  ) : (
    <span aria-hidden="true" className="size-8 shrink-0 animate-pulse rounded bg-slate-200" />
  );
}

/** The attached pictures: the first three with their thumbnails, then how many more (spec §2). */
export function PictureList({ files, label }: { files: readonly MessageFile[]; label: string }) {
  if (files.length === 0) return <p className="text-sm text-slate-600">no files</p>;
  const { shown, more } = fileListPreview(files);
  return (
    <div>
      <ul aria-label={label} className="flex flex-col gap-1.5">
        {shown.map((file) => (
          <li key={file.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
            <Thumbnail file={file} />
            <span className="truncate">{fileLabel(file)}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1.5 text-xs font-medium text-slate-600">+{more} more</p>}
    </div>
  );
}
