import { crudView } from '../../../crud/app-env.tsx';
import { menuButtonResource } from './resource.ts';

/** 菜单按钮 (menu component `system/menuButton/index`; `?menu=<id>` narrows to one menu). */
export default crudView(() => {
  const menu = new URLSearchParams(location.search).get('menu');
  return menuButtonResource(menu ?? undefined);
});
