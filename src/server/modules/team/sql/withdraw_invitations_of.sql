-- Withdraws the open invitations one member sent in one organisation, with an entry each in the
-- trail. The entry's actor is the person whose request did it, when the service named them for
-- the transaction (fieldhouse.actor_id and fieldhouse.actor_name, the team service's asActor);
-- otherwise Fieldhouse itself.
CREATE OR REPLACE FUNCTION withdraw_invitations_of(organisation uuid, inviter text) RETURNS void AS $$
  WITH withdrawn AS (
    UPDATE invitations SET withdrawn_at = now()
    WHERE organisation_id = organisation AND invited_by = inviter
      AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()
    RETURNING id, email, role
  )
  INSERT INTO activity_entries (organisation_id, actor_id, actor_name, action, entity, entity_id, label, changes)
  SELECT organisation,
         nullif(current_setting('fieldhouse.actor_id', true), ''),
         coalesce(nullif(current_setting('fieldhouse.actor_name', true), ''), 'Fieldhouse'),
         'deleted', 'invitation', withdrawn.id::text, withdrawn.email,
         jsonb_build_object('email', jsonb_build_object('before', withdrawn.email, 'after', null),
                            'role', jsonb_build_object('before', withdrawn.role, 'after', null))
  FROM withdrawn
  ORDER BY withdrawn.email, withdrawn.id
$$ LANGUAGE sql;
