import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { uploadMessageFiles, type PictureUpload } from '../api/message-files.ts';
import type { MessageFile } from '../api/messaging-types.ts';

const NOTHING_TO_UPLOAD = 'The chosen folder has no JPEG, PNG or GIF pictures.';

/** Uploads chosen pictures; the server's reason (not a picture, too large) is shown when it refuses them. */
export function usePictureUpload() {
  const [isUploading, setUploading] = useState(false);

  const upload = async (pictures: readonly PictureUpload[]): Promise<MessageFile[] | null> => {
    if (pictures.length === 0) {
      toast.error(NOTHING_TO_UPLOAD);
      return null;
    }
    setUploading(true);
    try {
      return await uploadMessageFiles(pictures);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to upload the files.'));
      return null;
    } finally {
      setUploading(false);
    }
  };

  return { isUploading, upload };
}
