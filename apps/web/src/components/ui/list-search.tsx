import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

/** The applied search text and page of a searchable, paged admin list; a new search starts from page 1. */
export function useListQuery() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = (text: string) => {
    setQuery(text);
    setPage(1);
  };
  return { query, page, setPage, search };
}

/** The search box above an admin list: the list changes only when the search is submitted. */
export function ListSearch({ id, onSearch }: { id: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" className="actions" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('ui.search')}
      </label>
      <input
        id={id}
        type="search"
        className="search-input"
        value={text}
        placeholder={t('ui.searchPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="button secondary">
        {t('ui.search')}
      </button>
    </form>
  );
}
