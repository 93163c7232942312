import './patient-messages.css';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { MessageCodeForm } from './message-code-form';
import { NewMessageForm } from './new-message-form';
import { useTranslation } from '@/lib/i18n';

export type NewMessageStep = 'options' | 'code' | 'create';

const TITLES: Record<NewMessageStep, string> = {
  options: 'messages.new.title',
  code: 'messages.code.title',
  create: 'messages.create.title',
};

/**
 * Spec §2 'New message': three routes of one screen. Options (`/messages/new`): 'Send a message' or 'Use a
 * message code'; code (`/messages/new/code`); create (`/messages/new/create`, with the code's category and
 * subcategory when one was added).
 */
export function NewMessagePage({ step }: { step: NewMessageStep }) {
  const { t } = useTranslation();
  const title = t(TITLES[step]);
  usePageTitle(title);
  return (
    <>
      {step === 'options' ? (
        <Link to="/messages" className="back-link">
          {t('messages.back')}
        </Link>
      ) : (
        <Link to="/messages/new" className="back-link">
          {t('messages.new.back')}
        </Link>
      )}
      <h1 className="page-title">{title}</h1>
      <section className="card">
        {step === 'options' && <Options />}
        {step === 'code' && <MessageCodeForm />}
        {step === 'create' && <NewMessageForm />}
      </section>
    </>
  );
}

function Options() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('messages.new.intro')}</p>
      <ul className="new-message-choices">
        <li>
          <Link className="item" to="/messages/new/create">
            <span className="item-title">{t('messages.new.send')}</span>
            <span className="item-meta">{t('messages.new.sendText')}</span>
          </Link>
        </li>
        <li>
          <Link className="item" to="/messages/new/code">
            <span className="item-title">{t('messages.new.code')}</span>
            <span className="item-meta">{t('messages.new.codeText')}</span>
          </Link>
        </li>
      </ul>
    </>
  );
}
