import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';

const NOTICES = {
  terms: {
    title: 'Terms of Service',
    paragraphs: [
      'JOB CASTING is an internal tool of the agency. Only staff with an account issued by an administrator may use it.',
      'Use it only for the agency’s casting work. Do not share your account, and do not copy contact or talent data out of the tool except as your work requires.',
      'Activity may be logged to keep the service secure. Access can be withdrawn at any time.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    paragraphs: [
      'The tool processes personal data of staff, clients, talent and contacts (names, e-mail addresses, phone numbers) solely to run the agency’s casting and outreach work.',
      'Data is kept on the agency’s systems, shared only with the mail and messaging services needed to send messages, and deleted when no longer needed.',
      'For questions or requests about personal data, contact the agency’s administrator.',
    ],
  },
} as const;

type Notice = keyof typeof NOTICES;

/** The Terms of Service and Privacy Policy links under the login form, each opening a short notice. */
export function LegalLinks() {
  const [open, setOpen] = useState<Notice | null>(null);
  const notice = open ? NOTICES[open] : null;

  return (
    <>
      <p className="text-center text-xs text-slate-600">
        <LegalLink onPress={() => setOpen('terms')}>{NOTICES.terms.title}</LegalLink>
        <span aria-hidden="true" className="mx-2">
          ·
        </span>
        <LegalLink onPress={() => setOpen('privacy')}>{NOTICES.privacy.title}</LegalLink>
      </p>
      <Dialog
        title={notice?.title ?? ''}
        isOpen={!!notice}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        size="sm"
      >
        <div className="flex flex-col gap-3 text-sm leading-relaxed text-slate-700">
          {notice?.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <DialogCloseActions />
      </Dialog>
    </>
  );
}

function LegalLink({ onPress, children }: { onPress: () => void; children: string }) {
  return (
    <AriaButton
      onPress={onPress}
      className={`rounded-sm font-medium text-slate-700 underline underline-offset-2 hover:text-brand-800 cursor-pointer ${focusRing}`}
    >
      {children}
    </AriaButton>
  );
}
