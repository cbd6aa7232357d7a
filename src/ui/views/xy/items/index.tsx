import { AppActor } from '../../../app/actor.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { ItemsLivePage } from './ItemsLivePage.tsx';
import type { LiveSocket } from './live.implementations.ts';

/** The app's socket chart (absent while the app runs none: the page then says it is reconnecting). */
function ItemsRoute() {
  const socket = AppActor.useActorRef().system.get('socket') as LiveSocket | undefined;
  return <ItemsLivePage socket={socket} />;
}

/** 商品 (menu component `xy/items/index`): the live list. */
export default function ItemsPageRoute() {
  return (
    <AppCrudEnv>
      <ItemsRoute />
    </AppCrudEnv>
  );
}
