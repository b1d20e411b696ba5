import { baselinePart } from '../db';

/**
 * The support chat's part of the baseline (legacy `021-kefu`): messages (stored once per device's
 * `client_id`) and chat images, kept in the row.
 */
export const kefuBaseline = baselinePart(210, (d) => [
  `create table kefu_images (
     id text primary key,
     user_id ${d.int} not null references users (id),
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     data ${d.bytes} not null,
     created_at ${d.int} not null
   )`,
  `create table kefu_messages (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     sender text not null check (sender in ('user', 'operator')),
     operator text,
     client_id text,
     kind text not null check (kind in ('text', 'image')),
     text text not null default '',
     image_id text references kefu_images (id),
     created_at ${d.int} not null,
     delivered_at ${d.int},
     read_at ${d.int},
     check ((kind = 'image') = (image_id is not null)),
     check ((sender = 'operator') = (operator is not null))
   )`,
  `create unique index kefu_messages_client on kefu_messages (user_id, sender, client_id)
     where client_id is not null`,
  `create index kefu_messages_user on kefu_messages (user_id, id)`,
]);
