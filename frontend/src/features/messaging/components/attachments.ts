// The pictures of a message (spec §5, §9): in bundle mode folders of pictures (at most 2 folders of 30), in
// individual mode single pictures (at most 10). The server enforces the limits; a drop is checked here first.
import type { PictureUpload } from '../api/message-files.ts';
import type { MessageFile } from '../api/messaging-types.ts';

export type FileMode = 'bundle' | 'individual';

export const DEFAULT_FILE_MODE: FileMode = 'bundle';

/** The words the API and the spec's client keep for the modes (spec §3). */
export const FILE_MODE_WORDS = { bundle: '묶음', individual: '개별' } as const satisfies Record<FileMode, string>;

export type FileModeWord = (typeof FILE_MODE_WORDS)[FileMode];

export const FILE_MODE_LABELS: Record<FileMode, string> = { bundle: 'Bundle', individual: 'Individual' };

export function fileModeOf(word: string): FileMode {
  return word === FILE_MODE_WORDS.individual ? 'individual' : 'bundle';
}

export const BUNDLE_MAX_FOLDERS = 2;
export const BUNDLE_MAX_FILES_PER_FOLDER = 30;
export const INDIVIDUAL_MAX_FILES = 10;

export const DROP_MESSAGES = {
  tooManyFolders: '묶음 모드에서는 최대 2개의 폴더만 선택할 수 있습니다.',
  tooManyFiles: '개별 모드에서는 최대 10개의 파일만 선택할 수 있습니다.',
} as const;

export const FILE_LIMITS_HINT = `Bundle: at most ${BUNDLE_MAX_FOLDERS} folders of at most ${BUNDLE_MAX_FILES_PER_FOLDER} images each. Individual: at most ${INDIVIDUAL_MAX_FILES} images.`;

/** Why a drop of this many items (folders in bundle mode, files in individual mode) is refused, or null. */
export function dropProblem(mode: FileMode, items: number): string | null {
  if (mode === 'bundle') return items > BUNDLE_MAX_FOLDERS ? DROP_MESSAGES.tooManyFolders : null;
  return items > INDIVIDUAL_MAX_FILES ? DROP_MESSAGES.tooManyFiles : null;
}

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** A folder holds more than pictures (.DS_Store, Thumbs.db); only the pictures are taken from it. */
export function isPicture(file: { type: string }): boolean {
  return PICTURE_TYPES.has(file.type);
}

/** How many entries the file list shows before "+N more" (spec §9). */
export const FILE_LIST_PREVIEW = 3;

export function fileListPreview<T>(files: readonly T[]): { shown: readonly T[]; more: number } {
  return { shown: files.slice(0, FILE_LIST_PREVIEW), more: Math.max(0, files.length - FILE_LIST_PREVIEW) };
}

/** A file as staff recognise it: with its folder in bundle mode. */
export function fileLabel(file: MessageFile): string {
  return file.folder ? `${file.folder}/${file.name}` : file.name;
}

/**
 * What a picker's choice uploads: in bundle mode the pictures of the chosen folder under their folder's name
 * (the folder's other files stay behind), in individual mode the chosen files as they are.
 */
export function uploadsFromPicker(files: readonly File[], mode: FileMode): PictureUpload[] {
  if (mode === 'individual') return files.map((file) => ({ file, name: file.name }));
  return files.filter(isPicture).map((file) => ({ file, name: file.webkitRelativePath || file.name }));
}
