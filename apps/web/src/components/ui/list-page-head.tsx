/** The heading of an admin list page, with its add button for those who may edit. */
export function ListPageHead({ title, addLabel, onAdd }: { title: string; addLabel: string; onAdd?: () => void }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      {onAdd && (
        <button type="button" className="button" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </div>
  );
}
