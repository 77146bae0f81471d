// The pictures of a message (spec §9): bundle mode takes at most 2 folders of at most 30 images, individual mode
// at most 10 images; JPEG, PNG or GIF, known by their first bytes rather than by their names.

export const ATTACHMENT_MODES = ['bundle', 'individual'] as const;
export type AttachmentMode = (typeof ATTACHMENT_MODES)[number];

/** The words the spec's client uses for the two modes (spec §3: Korean words, bundle by default). */
export const ATTACHMENT_MODE_WORDS: Record<AttachmentMode, string> = { bundle: '묶음', individual: '개별' };

export function attachmentModeOf(word: string | undefined): AttachmentMode {
  return word === ATTACHMENT_MODE_WORDS.individual || word === 'individual' ? 'individual' : 'bundle';
}

export const BUNDLE_MAX_FOLDERS = 2;
export const BUNDLE_MAX_FILES_PER_FOLDER = 30;
export const INDIVIDUAL_MAX_FILES = 10;
export const MAX_FILES_PER_MESSAGE = BUNDLE_MAX_FOLDERS * BUNDLE_MAX_FILES_PER_FOLDER;
/** Per picture: what carriers take for an MMS image is far less, but staff keep originals in templates. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Pictures the gateway puts in one MMS. */
export const MMS_MAX_PICTURES = 3;

export type PictureType = 'image/jpeg' | 'image/png' | 'image/gif';

/** The picture type by its signature, or null for anything else. */
export function pictureTypeOf(bytes: Uint8Array): PictureType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38) return 'image/gif';
  return null;
}

export const ATTACHMENT_MESSAGES = {
  notPicture: (name: string) => `${name} is not a JPEG, PNG or GIF image.`,
  tooLarge: (name: string) => `${name} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
  /** Spec §5, verbatim. */
  tooManyFolders: `묶음 모드에서는 최대 ${BUNDLE_MAX_FOLDERS}개의 폴더만 선택할 수 있습니다.`,
  tooManyInFolder: (folder: string) =>
    `Bundle mode takes at most ${BUNDLE_MAX_FILES_PER_FOLDER} images per folder (${folder || 'no folder'}).`,
  tooManyIndividual: `개별 모드에서는 최대 ${INDIVIDUAL_MAX_FILES}개의 파일만 선택할 수 있습니다.`,
  unknownFile: 'One of the attached files does not exist. Please upload it again.',
} as const;

/** Why these files cannot go together in this mode, or null. */
export function attachmentsProblem(mode: AttachmentMode, files: readonly { folder: string }[]): string | null {
  if (mode === 'individual') return files.length > INDIVIDUAL_MAX_FILES ? ATTACHMENT_MESSAGES.tooManyIndividual : null;
  const perFolder = new Map<string, number>();
  for (const { folder } of files) perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  if (perFolder.size > BUNDLE_MAX_FOLDERS) return ATTACHMENT_MESSAGES.tooManyFolders;
  for (const [folder, count] of perFolder)
    if (count > BUNDLE_MAX_FILES_PER_FOLDER) return ATTACHMENT_MESSAGES.tooManyInFolder(folder);
  return null;
}
