import useSWR from 'swr';
import { api, uploadFetch } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { MessageFile } from './messaging-types.ts';

export interface PictureUpload {
  file: File;
  /** The name the server keeps; 'folder/photo.jpg' keeps the folder (bundle mode). */
  name: string;
}

/** POST message-files (multipart, field `files`): 400 names a file that is no picture or too large. */
export async function uploadMessageFiles(pictures: readonly PictureUpload[]): Promise<MessageFile[]> {
  const form = new FormData();
  for (const picture of pictures) form.append('files', picture.file, picture.name);
  const { files } = unwrap(
    await api.POST('/backend/api/v1/message-files', { body: {}, bodySerializer: () => form, fetch: uploadFetch }),
  );
  return files;
}

/** The picture as a data: URL: the app's content security policy lets images come from data: but not blob: URLs. */
async function fetchPictureUrl(id: string): Promise<string> {
  const picture = unwrap(
    await api.GET('/backend/api/v1/message-files/{id}', { params: { path: { id } }, parseAs: 'blob' }),
  );
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(picture);
  });
}

/**
 * A picture's address for an <img>: fetched with the session (an <img> cannot send it), once per picture and kept
 * for the session, as a stored picture never changes.
 */
export function usePictureUrl(id: string): string | null {
  const { data } = useSWR(['messaging', 'file', id] as const, ([, , fileId]) => fetchPictureUrl(fileId), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data ?? null;
}
