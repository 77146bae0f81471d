// Which comcard files of a post's models go into an e-mail as attachments (a template may attach them instead of
// linking them): each model's Drive file (its download link, else its comcard photo), if it is a PDF or an image,
// while the e-mail's attachments stay within the limit. Those left out stay links in the e-mail, and are named so
// that the sender is told.
import { driveFileId } from '../../platform/domain/drive-thumbnail.js';
import { type DrivePort, GoogleCallError } from '../mail-accounts/providers/google.ports.js';
import type { EmailModel } from './domain/render-email.js';
import type { MailAttachment } from './mime-message.js';

const ATTACHABLE = /^(application\/pdf$|image\/)/;
/** Google's answers that concern the file, not the account: the file stays a link. */
const FILE_FAILURES = new Set(['not_found', 'forbidden', 'bad_request']);

export interface ComcardFiles {
  attachments: MailAttachment[];
  /** The models whose Drive file is linked instead: too large for what was left, not a PDF or image, or unreadable. */
  linked: string[];
}

export const NO_COMCARD_FILES: ComcardFiles = { attachments: [], linked: [] };

export async function comcardFiles(
  drive: DrivePort,
  models: readonly EmailModel[],
  maxBytes: number,
): Promise<ComcardFiles> {
  const files: ComcardFiles = { attachments: [], linked: [] };
  let left = maxBytes;
  for (const model of models) {
    const fileId = driveFileId(model.download) ?? driveFileId(model.comcardPhotoURL);
    if (!fileId) continue;
    const name = model.nameKor || model.nameEng || model.comcardNo;
    try {
      const file = await drive.download(fileId, left);
      if (file.kind === 'too-large' || !ATTACHABLE.test(file.mimeType)) {
        files.linked.push(name);
        continue;
      }
      files.attachments.push({ filename: file.name, contentType: file.mimeType, content: file.content });
      left -= file.content.length;
    } catch (error) {
      if (!(error instanceof GoogleCallError) || !FILE_FAILURES.has(error.failure.kind)) throw error;
      files.linked.push(name);
    }
  }
  return files;
}
