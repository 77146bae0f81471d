import { useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import type { Contact } from '../api/contacts-keys.ts';
import { KAKAO_MESSAGES, newNameProblem } from './kakao-rules.ts';

export type NicknameMode = 'existing' | 'new';

export interface NicknameRequest {
  contacts: Contact[];
  mode: NicknameMode;
  /** The row's Modify button lets staff choose between the two. */
  canChooseMode: boolean;
}

export type NicknameOutcome = { ok: true } | { ok: false; message: string; problems?: Record<number, string> };

interface NicknameDialogProps {
  request: NicknameRequest | null;
  onSave: (mode: NicknameMode, contacts: Contact[], names: Record<number, string>) => Promise<NicknameOutcome>;
  onClose: () => void;
}

/**
 * The dialog speaks Korean throughout (spec §2: Korean labels), so the new-name rules' messages (spec §5, given in
 * English, and answered so by the server) are shown in Korean here; a message not listed is shown as it came.
 */
const KOREAN_MESSAGES: Record<string, string> = {
  [KAKAO_MESSAGES.emptyNewName]: '수정할 대화명을 입력해주세요.',
  [KAKAO_MESSAGES.sameAsChatName]: '카카오톡 대화명과 같은 이름은 사용할 수 없습니다.',
  [KAKAO_MESSAGES.newNamesSummary]: '수정할 대화명을 확인해주세요. 비어 있거나 카카오톡 대화명과 같은 이름입니다.',
  [KAKAO_MESSAGES.noNicknameTargets]: '대화명을 수정할 연락처가 없습니다.',
};

const inKorean = (message: string) => KOREAN_MESSAGES[message] ?? message;

const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700';
const td = 'px-3 py-1.5 align-top';

function NicknameForm({
  request,
  onSave,
  onClose,
}: { request: NicknameRequest } & Omit<NicknameDialogProps, 'request'>) {
  const [mode, setMode] = useState<NicknameMode>(request.mode);
  const [names, setNames] = useState<Record<number, string>>(() =>
    Object.fromEntries(request.contacts.map((contact) => [contact.id, contact.modifyChat])),
  );
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [isPreview, setPreview] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const after = (contact: Contact) => (mode === 'existing' ? contact.kakaoTalk : (names[contact.id] ?? '').trim());

  const next = () => {
    if (mode === 'new') {
      const found: Record<number, string> = {};
      for (const contact of request.contacts) {
        const problem = newNameProblem(contact.kakaoTalk, names[contact.id] ?? '');
        if (problem) found[contact.id] = inKorean(problem);
      }
      setProblems(found);
      if (Object.keys(found).length > 0) return setSummary(inKorean(KAKAO_MESSAGES.newNamesSummary));
    }
    setSummary(null);
    setPreview(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      const outcome = await onSave(mode, request.contacts, names);
      if (outcome.ok) return onClose();
      setSummary(inKorean(outcome.message));
      setProblems(
        Object.fromEntries(Object.entries(outcome.problems ?? {}).map(([id, problem]) => [id, inKorean(problem)])),
      );
      setPreview(false);
    } finally {
      setSaving(false);
    }
  };

  if (isPreview) {
    return (
      <>
        <p className="mb-3 text-sm text-slate-700">아래 내용으로 대화명을 수정하시겠습니까?</p>
        <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-slate-100">
              <tr>
                <th className={th}>이름</th>
                <th className={th}>변경 전</th>
                <th className={th}>변경 후</th>
              </tr>
            </thead>
            <tbody>
              {request.contacts.map((contact) => (
                <tr key={contact.id} className="border-t border-slate-100">
                  <td className={td}>{contact.contactName}</td>
                  <td className={td}>{contact.chatWindowName}</td>
                  <td className={`${td} font-semibold`}>{after(contact)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogActions>
          <Button variant="secondary" onPress={() => setPreview(false)}>
            이전
          </Button>
          <Button isPending={isSaving} onPress={() => void save()}>
            저장
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      {request.canChooseMode && (
        <RadioGroup
          value={mode}
          onChange={(value) => setMode(value as NicknameMode)}
          orientation="horizontal"
          className="mb-3 flex flex-col gap-1.5"
        >
          <span className="text-sm font-medium text-slate-800">수정 방법</span>
          <div className="flex gap-4">
            {(['existing', 'new'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                className={`flex cursor-pointer items-center gap-2 rounded-md text-sm text-slate-800 ${focusRing}`}
              >
                {({ isSelected }) => (
                  <>
                    <span
                      aria-hidden="true"
                      className={`size-4 rounded-full border-2 ${isSelected ? 'border-brand-700 bg-brand-700 ring-2 ring-inset ring-white' : 'border-slate-400'}`}
                    />
                    {value === 'existing' ? '기존 이름 사용' : '새 이름 입력'}
                  </>
                )}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      )}
      {summary && (
        <div className="mb-3">
          <Alert>{summary}</Alert>
        </div>
      )}
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-sm">
          <thead className="sticky top-0 z-10 bg-slate-100">
            <tr>
              <th className={th}>이름</th>
              <th className={th}>대화방 이름</th>
              <th className={th}>카카오톡 대화명</th>
              <th className={th}>{mode === 'existing' ? '기존 이름' : '새 이름'}</th>
            </tr>
          </thead>
          <tbody>
            {request.contacts.map((contact) => (
              <tr key={contact.id} className="border-t border-slate-100">
                <td className={td}>{contact.contactName}</td>
                <td className={td}>{contact.chatWindowName}</td>
                <td className={td}>{contact.kakaoTalk}</td>
                <td className={td}>
                  {mode === 'existing' ? (
                    <input
                      readOnly
                      value={contact.kakaoTalk}
                      aria-label={`기존 이름: ${contact.contactName}`}
                      className="h-8 w-full rounded-md border border-slate-200 bg-slate-100 px-2 text-slate-700"
                    />
                  ) : (
                    <>
                      <input
                        value={names[contact.id] ?? ''}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setNames((current) => ({ ...current, [contact.id]: value }));
                        }}
                        aria-label={`새 이름: ${contact.contactName}`}
                        aria-invalid={!!problems[contact.id]}
                        aria-describedby={problems[contact.id] ? `nickname-error-${contact.id}` : undefined}
                        className="h-8 w-full rounded-md border border-slate-300 px-2 aria-invalid:border-red-600"
                      />
                      {problems[contact.id] && (
                        <p id={`nickname-error-${contact.id}`} className="mt-0.5 text-xs font-medium text-red-700">
                          {problems[contact.id]}
                        </p>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DialogActions>
        <Button slot="close" variant="secondary">
          취소
        </Button>
        <Button onPress={next}>다음</Button>
      </DialogActions>
    </>
  );
}

/** Edit conversation name (spec §2): Korean labels, the existing name read-only or a new name each, a confirmation preview. */
export function NicknameDialog({ request, onSave, onClose }: NicknameDialogProps) {
  const title =
    !request || request.canChooseMode
      ? '대화명 수정'
      : request.mode === 'existing'
        ? '대화명 수정 (기존 이름 사용)'
        : '대화명 수정 (새 이름)';
  return (
    <Dialog title={title} size="lg" isOpen={request !== null} onOpenChange={(open) => !open && onClose()}>
      {request && <NicknameForm request={request} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}
