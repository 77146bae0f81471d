import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { useEmailTemplates } from '../../email-templates/index.ts';
import type { Post } from '../api/use-dashboard-posts.ts';
import type { SendMode } from './send-email-dialog.tsx';
import { recipientOf } from './send-email-dialog.tsx';

interface SendEmailChoiceDialogProps {
  /** The post to e-mail, or null when closed. */
  post: Post | null;
  onChoose: (post: Post, mode: SendMode) => void;
  onClose: () => void;
}

/**
 * The card's Send Email: the two ways an e-mail goes, side by side with what each does, so that Send Email and
 * Specify no longer open the same dialog. Simple sends the default template; Specify lets staff choose and edit.
 */
export function SendEmailChoiceDialog({ post, onChoose, onClose }: SendEmailChoiceDialogProps) {
  const templates = useEmailTemplates(post !== null);
  const defaultTemplate = templates.data?.find((template) => template.isDefault);
  const recipient = post ? recipientOf(post) : '';
  return (
    <Dialog title="Send Email" size="sm" isOpen={post !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {post && (
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          <p>
            To <span className="font-medium text-slate-900">{recipient || 'no customer e-mail'}</span> about post{' '}
            {post.postId}. How should it be written?
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
            <dt className="font-semibold text-slate-900">Simple</dt>
            <dd>
              The default template
              {templates.isLoading
                ? ''
                : defaultTemplate
                  ? ` “${defaultTemplate.title}”`
                  : ' (none yet: add one in Email Templates)'}{' '}
              with the post and its selected models.
            </dd>
            <dt className="font-semibold text-slate-900">Specify</dt>
            <dd>Choose any template and edit its subject and text before sending.</dd>
          </dl>
          <DialogActions>
            <Button slot="close" variant="secondary">
              Cancel
            </Button>
            <Button variant="secondary" onPress={() => onChoose(post, 'simple')}>
              Simple
            </Button>
            <Button onPress={() => onChoose(post, 'specify')}>Specify</Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
