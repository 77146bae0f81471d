import { DropZone, FileTrigger, isDirectoryDropItem, isFileDropItem, type DropItem } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { toast } from '../../../lib/toast.tsx';
import type { PictureUpload } from '../api/message-files.ts';
import type { MessageFile } from '../api/messaging-types.ts';
import {
  dropProblem,
  FILE_LIMITS_HINT,
  FILE_MODE_LABELS,
  isPicture,
  uploadsFromPicker,
  type FileMode,
} from './attachments.ts';
import { PictureList } from './picture-list.tsx';
import { usePictureUpload } from './use-picture-upload.ts';

const MODE_OPTIONS = (['bundle', 'individual'] as const).map((id) => ({ id, label: FILE_MODE_LABELS[id] }));
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
/** What a drop uploads: loose files by their names, and the pictures of dropped folders (under the folder in bundle mode). */
async function uploadsFromDrop(items: readonly DropItem[], mode: FileMode): Promise<PictureUpload[]> {
  const uploads: PictureUpload[] = [];
  for (const item of items) {
    if (isFileDropItem(item)) uploads.push({ file: await item.getFile(), name: item.name });
    if (!isDirectoryDropItem(item)) continue;
    for await (const entry of item.getEntries()) {
      if (!isFileDropItem(entry)) continue;
      const file = await entry.getFile();
      if (isPicture(file)) uploads.push({ file, name: mode === 'bundle' ? `${item.name}/${entry.name}` : entry.name });
    }
  }
  return uploads;
}

interface AttachmentAreaProps {
  mode: FileMode;
  onModeChange: (mode: FileMode) => void;
  files: readonly MessageFile[];
  onFilesChange: (files: MessageFile[]) => void;
  /** The picker button's label: Upload on the sender, Choose in the template dialog (its Registration saves). */
  pickLabel: string;
  /** Files may also be dropped on the area; a drop replaces the list (spec §5). */
  acceptsDrop?: boolean;
}

/**
 * The pictures of a message: Bundle (folders) or Individual (files), the picker (its choice is added to the list),
 * Delete (clears the list) and the list itself.
 */
export function AttachmentArea({
  mode,
  onModeChange,
  files,
  onFilesChange,
  pickLabel,
  acceptsDrop = false,
}: AttachmentAreaProps) {
  const { isUploading, upload } = usePictureUpload();

  const pick = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const uploaded = await upload(uploadsFromPicker([...chosen], mode));
    if (uploaded) onFilesChange([...files, ...uploaded]);
  };

  const drop = async (dropped: readonly DropItem[]) => {
    const items = dropped.filter((item) => isFileDropItem(item) || isDirectoryDropItem(item));
    const problem = dropProblem(mode, items.length);
    if (problem) {
      toast.error(problem);
      return;
    }
    const uploaded = await upload(await uploadsFromDrop(items, mode));
    if (uploaded) onFilesChange(uploaded);
  };

  const area = (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SegmentedChoice label="Attachment type" options={MODE_OPTIONS} value={mode} onChange={onModeChange} />
        <div className="flex gap-1.5">
          <FileTrigger
            acceptDirectory={mode === 'bundle'}
            allowsMultiple
            acceptedFileTypes={mode === 'individual' ? PICTURE_TYPES : undefined}
            onSelect={(chosen) => void pick(chosen)}
          >
            <Button variant="secondary" size="sm" isPending={isUploading} aria-label={`${pickLabel} files`}>
              {isUploading ? 'Uploading…' : pickLabel}
            </Button>
          </FileTrigger>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={files.length === 0}
            aria-label="Delete files"
            onPress={() => onFilesChange([])}
          >
            Delete
          </Button>
        </div>
      </div>
      <PictureList files={files} label="Attached files" />
      <p className="text-xs text-slate-600">{FILE_LIMITS_HINT}</p>
    </div>
  );

  if (!acceptsDrop) return <div className="rounded-lg border border-slate-200 p-3">{area}</div>;
  return (
    <DropZone
      aria-label="Drop pictures here"
      getDropOperation={() => 'copy'}
      onDrop={(event) => void drop(event.items)}
      className={({ isDropTarget }) =>
        `rounded-lg border-2 border-dashed p-3 outline-none ${isDropTarget ? 'border-brand-600 bg-brand-50' : 'border-slate-300'} data-focus-visible:ring-2 data-focus-visible:ring-brand-600`
      }
    >
      {area}
    </DropZone>
  );
}
