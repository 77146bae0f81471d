import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { Contact } from '../api/contacts-keys.ts';
import { leftOutText, type LeftOut } from './kakao-rules.ts';
import { countOf } from '../../../lib/count-words.ts';

export interface FriendRequest {
  contacts: Contact[];
  /** Checked contacts that get no request, with the reason: named in both steps. */
  leftOut: LeftOut<Contact>[];
  /** The row's Add button: one contact, sent as singleContact. */
  single: boolean;
}

interface FriendRequestDialogProps {
  request: FriendRequest | null;
  onSend: (request: FriendRequest) => Promise<void>;
  onClose: () => void;
}

function LeftOutNote({ leftOut }: { leftOut: readonly LeftOut<Contact>[] }) {
  if (leftOut.length === 0) return null;
  return (
    <p
      role="note"
      aria-label="Left out"
      className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
    >
      <span className="font-semibold">Left out:</span> {leftOutText(leftOut)}
    </p>
  );
}

function TargetTable({ contacts }: { contacts: Contact[] }) {
  return (
    // Focusable: a long list scrolls, and keyboard users scroll it too.
    <div
      role="region"
      aria-label="Friend request targets"
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-slate-100 text-left text-xs text-slate-700">
          <tr>
            <th className="px-3 py-2">ID</th>
            <th className="px-3 py-2">Name</th>
            <th className="px-3 py-2">Phone Number</th>
            <th className="px-3 py-2">KakaoTalk Chat Name</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => (
            <tr key={contact.id} className="border-t border-slate-100">
              <td className="px-3 py-1.5 tabular-nums">{contact.id}</td>
              <td className="px-3 py-1.5">{contact.contactName}</td>
              <td className="px-3 py-1.5">{contact.phoneNumber}</td>
              <td className="px-3 py-1.5">{contact.kakaoTalk}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Friend addition: the target list preview (or the single-contact preview), then the add-friend confirmation,
 * then the batch is saved.
 */
export function FriendRequestDialog({ request, onSend, onClose }: FriendRequestDialogProps) {
  const [isConfirming, setConfirming] = useState(false);
  const [isSending, setSending] = useState(false);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const count = request?.contacts.length ?? 0;

  return (
    <>
      <Dialog
        title={request?.single ? 'Friend Addition: Single Contact' : 'Friend Addition Target List'}
        size="lg"
        isOpen={request !== null && !isConfirming}
        onOpenChange={(open) => !open && close()}
      >
        {request && (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {request.single
                ? 'This contact will receive a friend request.'
                : `${countOf(count, 'contact')} will receive a friend request.`}
            </p>
            <TargetTable contacts={request.contacts} />
            <LeftOutNote leftOut={request.leftOut} />
            <DialogActions>
              <Button slot="close" variant="secondary">
                Cancel
              </Button>
              <Button onPress={() => setConfirming(true)}>Add Friends</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      <Dialog
        title="Confirm Friend Addition"
        role="alertdialog"
        size="sm"
        isOpen={request !== null && isConfirming}
        onOpenChange={(open) => !open && close()}
      >
        <p className="text-sm text-slate-700">Send friend requests to {countOf(count, 'contact')}?</p>
        {request && <LeftOutNote leftOut={request.leftOut} />}
        <DialogActions>
          <Button slot="close" variant="secondary" autoFocus>
            Cancel
          </Button>
          <Button
            isPending={isSending}
            onPress={async () => {
              if (!request) return;
              setSending(true);
              try {
                await onSend(request);
                setConfirming(false);
              } finally {
                setSending(false);
              }
            }}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
