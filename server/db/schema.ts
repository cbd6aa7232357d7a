// Kysely table types. Column names follow dvadmin's so rows map onto its API shapes with little renaming
// (foreign keys end in `_id` here and are renamed in the queries: `parent_id` → `parent`).
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/** The trailing fields every dvadmin model carries, plus soft delete. */
export interface CommonColumns {
  description: string | null;
  creator: number | null;
  /** The modifier's user id as text (dvadmin keeps it a CharField). */
  modifier: string | null;
  /** The owning dept id as text; data scope (CONTRACT.md) filters on it. */
  dept_belong_id: string | null;
  create_datetime: Generated<Date>;
  update_datetime: Generated<Date>;
  is_deleted: Generated<boolean>;
}

export interface UsersTable extends CommonColumns {
  id: Generated<number>;
  username: string;
  /** scrypt hash of the md5 hex the client sends (server/lib/password.ts). */
  password: string;
  name: string;
  email: string | null;
  mobile: string | null;
  avatar: string | null;
  gender: Generated<number>;
  user_type: Generated<number>;
  employee_no: string | null;
  dept_id: number | null;
  is_superuser: Generated<boolean>;
  is_staff: Generated<boolean>;
  is_active: Generated<boolean>;
  last_login: Date | null;
  date_joined: Generated<Date>;
  /** Access tokens issued (iat) before this second are refused; null: none refused (0005). */
  tokens_valid_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RoleTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  key: string;
  sort: Generated<number>;
  status: Generated<boolean>;
  admin: Generated<boolean>;
  /** 0 own rows, 1 own dept and below, 2 own dept, 3 all, 4 custom depts (role_dept). */
  data_range: Generated<number>;
  remark: string | null;
}

export interface DeptTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  key: string | null;
  sort: Generated<number>;
  owner: string | null;
  phone: string | null;
  email: string | null;
  status: Generated<boolean>;
  parent_id: number | null;
}

export interface MenuTable extends CommonColumns {
  id: Generated<number>;
  parent_id: number | null;
  icon: string | null;
  name: string;
  sort: Generated<number>;
  is_link: Generated<boolean>;
  is_catalog: Generated<boolean>;
  web_path: string | null;
  component: string | null;
  component_name: string | null;
  status: Generated<boolean>;
  cache: Generated<boolean>;
  visible: Generated<boolean>;
  frame_out: Generated<boolean>;
}

export interface MenuButtonTable extends CommonColumns {
  id: Generated<number>;
  menu_id: number;
  name: string;
  value: string;
  /** API pattern the button grants, e.g. `/api/system/dept/{id}/`. */
  api: string;
  /** dvadmin's METHOD_CHOICES: 0 GET, 1 POST, 2 PUT, 3 DELETE. */
  method: number;
}

export interface DictionaryTable extends CommonColumns {
  id: Generated<number>;
  label: string | null;
  value: string;
  parent_id: number | null;
  /** 0 text, 1 number, 6 boolean (CONTRACT.md, "Dictionaries"). */
  type: Generated<number>;
  color: string | null;
  is_value: Generated<boolean>;
  status: Generated<boolean>;
  sort: Generated<number>;
  remark: string | null;
}

export interface SystemConfigTable extends CommonColumns {
  id: Generated<number>;
  parent_id: number | null;
  title: string;
  key: string;
  value: Json | null;
  sort: Generated<number>;
  status: Generated<boolean>;
  data_options: Json | null;
  form_item_type: Generated<number>;
  placeholder: string | null;
}

export interface ApiWhiteListTable extends CommonColumns {
  id: Generated<number>;
  url: string;
  method: number;
  enable_datasource: Generated<boolean>;
}

export interface LoginLogTable extends CommonColumns {
  id: Generated<number>;
  username: string;
  ip: string | null;
  agent: string | null;
  browser: string | null;
  os: string | null;
  login_type: Generated<number>;
  status: boolean;
  /** Why a login failed (a reason code such as `bad_credentials`), null on success. */
  failure_reason: string | null;
}

export interface OperationLogTable extends CommonColumns {
  id: Generated<number>;
  request_modular: string | null;
  request_path: string;
  request_body: string | null;
  request_method: string;
  request_msg: string | null;
  request_ip: string | null;
  request_browser: string | null;
  request_os: string | null;
  response_code: string | null;
  json_result: string | null;
  status: boolean;
}

export interface CaptchaTable {
  id: Generated<number>;
  challenge: string;
  answer: string;
  expires_at: Date;
  create_datetime: Generated<Date>;
}

/** One row per issued refresh token; rows of one login share a family (rotation, reuse detection). */
export interface RefreshTokenTable {
  jti: string;
  family: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  create_datetime: Generated<Date>;
}

/** Administrative areas (dvadmin's Area): a tree by `pcode` (the parent's `code`); level 1 province, 2 city. */
export interface AreaTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  code: string;
  level: Generated<number>;
  pinyin: string | null;
  initials: string | null;
  enable: Generated<boolean>;
  pcode: string | null;
}

export interface Database {
  area: AreaTable;
  users: UsersTable;
  role: RoleTable;
  user_role: { user_id: number; role_id: number };
  role_dept: { role_id: number; dept_id: number };
  dept: DeptTable;
  menu: MenuTable;
  menu_button: MenuButtonTable;
  role_menu: { role_id: number; menu_id: number };
  role_menu_button: { role_id: number; menu_button_id: number };
  dictionary: DictionaryTable;
  system_config: SystemConfigTable;
  api_white_list: ApiWhiteListTable;
  login_log: LoginLogTable;
  operation_log: OperationLogTable;
  captcha: CaptchaTable;
  refresh_token: RefreshTokenTable;
  message_center: MessageCenterTable;
  message_center_target_role: { center_id: number; role_id: number };
  message_center_target_dept: { center_id: number; dept_id: number };
  xy_message: XyMessageTable;
  items: ItemsTable;
  file_list: FileListTable;
  xy_task: XyTaskTable;
  xy_phone: XyPhoneTable;
  xy_device_data: XyDeviceDataTable;
  xy_item_filter: XyItemFilterTable;
  xy_seller: XySellerTable;
  xy_log: XyLogTable;
  xy_ingest_token: XyIngestTokenTable;
  xy_pipeline_version: XyPipelineVersionTable;
  xy_customer: XyCustomerTable;
  xy_customer_task: { customer_id: number; task_id: number };
  xy_push: XyPushTable;
  xy_setting: { key: string; value: Json; update_datetime: Generated<Date> };
  xy_account: XyAccountTable;
  xy_feedback: XyFeedbackTable;
  xy_knowledge: XyKnowledgeTable;
  xy_alert: { key: string; sent_at: Generated<Date> };
}

export type UserRow = Selectable<UsersTable>;
export type DeptRow = Selectable<DeptTable>;

// ——— messages, items, files (migration 0002) ———

export interface MessageCenterTable extends CommonColumns {
  id: Generated<number>;
  title: string;
  content: Generated<string>;
  /** 0 users, 1 roles, 2 depts, 3 everyone. */
  target_type: Generated<number>;
}

/** One row per recipient: the `/xy/message/` feed; `center_id` links a message-centre message. */
export interface XyMessageTable extends CommonColumns {
  id: Generated<number>;
  user_id: number;
  center_id: number | null;
  title: string;
  message: Generated<string>;
  /** 0 success, 1 warning, 2 info, 3 error, other plain. */
  type: Generated<number>;
  /** 0 unread, 1 read. */
  status: Generated<number>;
  read_datetime: Date | null;
}

export interface ItemsTable extends CommonColumns {
  id: Generated<number>;
  title: string;
  /** numeric(12,2): select it as `price::float8` (drivers return numeric as text). */
  price: ColumnType<string | number | null, number | null | undefined, number | null>;
  seller: string | null;
  url: string | null;
  image: string | null;
  keywords: ColumnType<string[], string | undefined, string>;
  time: Generated<Date>;
  /** The task that found it (migration 0007). */
  task_id: number | null;
  /** The xy_seller row (migration 0007); `seller` keeps the seller's name. */
  seller_ref: number | null;
  first_seen: Generated<Date>;
  last_seen: Generated<Date>;
}

export interface FileListTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  url: string;
  file_url: string;
  engine: Generated<string>;
  mime_type: Generated<string>;
  size: number;
  md5sum: string;
}

// ——— the monitoring pipeline (migration 0007, docs/domain.md) ———

/** numeric(12,2) money: select as `x::float8`; write a number or null. */
type Money = ColumnType<string | number | null, number | null | undefined, number | null>;
type JsonList = ColumnType<string[], string | undefined, string>;

export interface XyTaskTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  keywords: JsonList;
  min_price: Money;
  max_price: Money;
  region: string | null;
  /** ≥ 30 (a check constraint). */
  interval_s: Generated<number>;
  enabled: Generated<boolean>;
  phone_id: number | null;
  last_run_at: Date | null;
  items_found: Generated<number>;
}

export interface XyPhoneTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  /** Unique among live phones. */
  serial: string;
  model: string | null;
  account: string | null;
  remark: string | null;
  /** sha256 hex of the agent token (never the token). */
  token_hash: string | null;
  online: Generated<boolean>;
  last_seen: Date | null;
  battery: number | null;
  network: string | null;
  app_version: string | null;
}

export interface XyDeviceDataTable extends CommonColumns {
  id: Generated<number>;
  phone_id: number;
  battery: number | null;
  network: string | null;
  app_version: string | null;
  /** The heartbeat's other keys. */
  extra: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface XyItemFilterTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  /** null = every task. */
  task_id: number | null;
  exclude_words: JsonList;
  include_words: JsonList;
  min_price: Money;
  max_price: Money;
  enabled: Generated<boolean>;
  hits: Generated<number>;
}

export interface XySellerTable extends CommonColumns {
  id: Generated<number>;
  /** The marketplace's seller id (the name when a listing has none); unique among live sellers. */
  seller_id: string;
  name: string;
  items_count: Generated<number>;
  first_seen: Generated<Date>;
  last_seen: Generated<Date>;
  blacklisted: Generated<boolean>;
  blacklist_reason: string | null;
}

export interface XyLogTable extends CommonColumns {
  id: Generated<number>;
  /** ingest | task_run | phone */
  type: string;
  task_id: number | null;
  phone_id: number | null;
  stored: Generated<number>;
  dropped: Generated<number>;
  message: Generated<string>;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
}

/** Per-holder ingest tokens (scrapers): sha256 hex only, shown once, rotatable. */
export interface XyIngestTokenTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  token_hash: string;
  enabled: Generated<boolean>;
  last_used_at: Date | null;
}

/**
 * One row (id 1): counters bumped by triggers when filters, the blacklist or who receives a task's pushes
 * change (cache invalidation; receivers: migration 0009).
 */
export interface XyPipelineVersionTable {
  id: number;
  filters: ColumnType<string | number, never, never>;
  blacklist: ColumnType<string | number, never, never>;
  receivers: ColumnType<string | number, never, never>;
}

// ——— delivery and support (migration 0008) ———

export type WebhookType = 'json' | 'dingtalk' | 'feishu' | 'wecom';

export interface XyCustomerTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  contact: string | null;
  remark: string | null;
  enabled: Generated<boolean>;
  /** A date (no pushes after it); pg returns it as a Date at local midnight, PGlite likewise. */
  expire_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  webhook_url: string | null;
  webhook_type: Generated<WebhookType>;
  webhook_secret: string;
  /** sha256 hex of the api_key (the key itself is shown once). */
  api_key_hash: string;
  /** The key's first characters, to tell keys apart in the page. */
  api_key_hint: Generated<string>;
  pushes: Generated<number>;
  last_push_at: Date | null;
}

export type PushStatus = 'pending' | 'success' | 'failed';

/** One row per delivery attempt; `pending` rows are the outbox. */
export interface XyPushTable extends CommonColumns {
  id: Generated<string>;
  delivery_id: string;
  customer_id: number;
  event: Generated<string>;
  item_id: number | null;
  task_id: number | null;
  feedback_id: number | null;
  attempt: Generated<number>;
  status: Generated<PushStatus>;
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  response: string | null;
  next_retry_at: Generated<Date>;
  lease_until: Date | null;
  lease_owner: string | null;
  finished_at: Date | null;
}

export interface XyAccountTable extends CommonColumns {
  id: Generated<number>;
  name: string;
  login: string;
  state: Generated<'ok' | 'expired' | 'banned'>;
  phone_id: number | null;
  remark: string | null;
}

export interface XyFeedbackTable extends CommonColumns {
  id: Generated<number>;
  customer_id: number;
  title: string;
  content: Generated<string>;
  status: Generated<'open' | 'answered' | 'closed'>;
  reply: string | null;
  replied_at: Date | null;
  replied_by: number | null;
}

export interface XyKnowledgeTable extends CommonColumns {
  id: Generated<number>;
  title: string;
  category: string | null;
  tags: ColumnType<string[], string | undefined, string>;
  content: Generated<string>;
  content_text: Generated<string>;
  published: Generated<boolean>;
}
