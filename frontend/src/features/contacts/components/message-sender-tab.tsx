import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/** The Message Sender tab: the sender has its own screen. */
export function MessageSenderTab() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-6">
      <p className="text-sm text-slate-700">
        Messages are composed and sent on the Message Sender screen. Check contacts in the Address Book tab and press
        Send Selected Items to take them there.
      </p>
      <ButtonLink href={paths.messageSender()}>Open Message Sender</ButtonLink>
    </div>
  );
}
