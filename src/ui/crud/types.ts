import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { HttpClient } from '../../services/http/types.ts';
import type { TreeLoad } from '../../services/implementations/crud.ts';

/**
 * One declarative description per resource drives the kit: the table columns, the search form, the
 * create/edit/view form and the toolbar. Labels are i18n keys (namespaces `crud` or `system`).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'multiselect'
  | 'radio'
  | 'switch'
  | 'dept'
  /** Several departments (a checkable tree), e.g. a role's custom data scope. */
  | 'depts'
  /** A list of free words (keywords…): typed as tags, shown as badges. */
  | 'tags'
  | 'image'
  | 'avatar'
  | 'datetime'
  /** A day, `YYYY-MM-DD` (a date picker; empty = null). */
  | 'date';

export type OptionValue = string | number | boolean;
export type CrudOption = { label: string; value: OptionValue; color?: string | undefined };

export type Row = Record<string, unknown> & { id: number | string };
export type FormValues = Record<string, unknown>;

export type CrudField = {
  /** The API field. */
  name: string;
  /** i18n key of the label (`crud:…` or `system:…`). */
  label: string;
  kind?: FieldKind;
  /** Dictionary key (`button_status_bool`…): options for selects/radios and coloured tags in the table. */
  dict?: string;
  /** Static options (win over `dict`). */
  options?: CrudOption[];
  /** Options loaded once from the server (roles, menus…). */
  loadOptions?: (http: HttpClient) => Promise<CrudOption[]>;
  /** Table column; false hides it from the table (default shown unless `form`-only). */
  column?: false | { width?: number; sortable?: boolean; hidden?: boolean; render?: (row: Row) => ReactNode };
  /** Filter in the search form; `param` renames the query parameter. */
  search?: boolean | { param?: string };
  /** Form field; false keeps it out of the form. */
  form?:
    | false
    | {
        required?: boolean;
        /** 2 = full width. */
        span?: 1 | 2;
        maxLength?: number;
        /** Only in the create form (passwords). */
        createOnly?: boolean;
        readOnly?: boolean;
        /** Shown only when this holds for the current values (e.g. custom depts for data scope 4). */
        when?: (values: FormValues) => boolean;
      };
  /** Value of a new record. */
  initial?: unknown;
  /** A form input of the page's own (a rich-text editor…) instead of the kind's; `disabled` in view mode. */
  input?: (props: CustomInputProps) => ReactNode;
};

export type CustomInputProps = {
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  error?: string | undefined;
  disabled?: boolean | undefined;
};

export type CrudResource = {
  /** Stable id (column chooser storage, test ids). */
  name: string;
  /** List path, e.g. `Resources.dept.path`; items are `<url><id>/`. */
  url: string;
  /** Row schema (`Resources.<name>.row`); rows failing it fail the load. Default: any row with an id. */
  row?: z.ZodType;
  /** i18n key of the resource's title (dialog titles). */
  title: string;
  fields: CrudField[];
  /** Edit and view load the record first (`GET <url><id>/`), with a retry when that fails. */
  detail?: boolean;
  /**
   * A tree: `true` loads the roots (`lazy=1`) and each row's children by `parent=<id>` on expand; a
   * `TreeLoad` says otherwise (the whole list built by `parent`, or other root and children queries).
   */
  tree?: true | TreeLoad;
  /** Default ordering (`-create_datetime`…). */
  ordering?: string;
  /** Which built-in actions exist; each still needs its permission. */
  actions?: Partial<Record<CrudAction, boolean>>;
  /** Fixed query parameters (e.g. the selected dept of the user page). */
  params?: Record<string, unknown>;
  /** Export url (default `<url>export/` when `actions.export`). */
  exportUrl?: string;
  /** Record → form values (default: the record itself). */
  toForm?: (row: Row) => FormValues;
  /** Form values → request body (default: the values). */
  toBody?: (values: FormValues, mode: FormMode) => FormValues;
  /**
   * After a save through the kit's form: the server's answer (`data` of the envelope), e.g. a secret it
   * shows only once in a create answer.
   */
  onSaved?: (saved: { mode: FormMode; data: unknown }) => void;
  /** Extra row buttons. */
  rowActions?: (row: Row, ctx: CrudActionContext) => ReactNode;
  /** Extra toolbar buttons. */
  toolbar?: (ctx: CrudActionContext) => ReactNode;
};

export type CrudAction = 'create' | 'update' | 'delete' | 'view' | 'batchDelete' | 'export' | 'import';
export type FormMode = 'create' | 'edit' | 'view';

export type CrudActionContext = {
  http: HttpClient;
  reload(): void;
};
