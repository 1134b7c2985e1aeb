impl serde::Serialize for AddSourceRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if self.kind != 0 {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.team.is_empty() {
            len += 1;
        }
        if !self.project_key.is_empty() {
            len += 1;
        }
        if !self.api_url.is_empty() {
            len += 1;
        }
        if !self.token_secret.is_empty() {
            len += 1;
        }
        if !self.labels.is_empty() {
            len += 1;
        }
        if !self.assignee.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if self.no_writeback_state {
            len += 1;
        }
        if self.no_writeback_labels {
            len += 1;
        }
        if self.writeback_comments {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AddSourceRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if self.kind != 0 {
            let v = SourceKind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.team.is_empty() {
            struct_ser.serialize_field("team", &self.team)?;
        }
        if !self.project_key.is_empty() {
            struct_ser.serialize_field("projectKey", &self.project_key)?;
        }
        if !self.api_url.is_empty() {
            struct_ser.serialize_field("apiUrl", &self.api_url)?;
        }
        if !self.token_secret.is_empty() {
            struct_ser.serialize_field("tokenSecret", &self.token_secret)?;
        }
        if !self.labels.is_empty() {
            struct_ser.serialize_field("labels", &self.labels)?;
        }
        if !self.assignee.is_empty() {
            struct_ser.serialize_field("assignee", &self.assignee)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if self.no_writeback_state {
            struct_ser.serialize_field("noWritebackState", &self.no_writeback_state)?;
        }
        if self.no_writeback_labels {
            struct_ser.serialize_field("noWritebackLabels", &self.no_writeback_labels)?;
        }
        if self.writeback_comments {
            struct_ser.serialize_field("writebackComments", &self.writeback_comments)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AddSourceRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "kind",
            "repo",
            "team",
            "project_key",
            "projectKey",
            "api_url",
            "apiUrl",
            "token_secret",
            "tokenSecret",
            "labels",
            "assignee",
            "state",
            "no_writeback_state",
            "noWritebackState",
            "no_writeback_labels",
            "noWritebackLabels",
            "writeback_comments",
            "writebackComments",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            Kind,
            Repo,
            Team,
            ProjectKey,
            ApiUrl,
            TokenSecret,
            Labels,
            Assignee,
            State,
            NoWritebackState,
            NoWritebackLabels,
            WritebackComments,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "kind" => Ok(GeneratedField::Kind),
                            "repo" => Ok(GeneratedField::Repo),
                            "team" => Ok(GeneratedField::Team),
                            "projectKey" | "project_key" => Ok(GeneratedField::ProjectKey),
                            "apiUrl" | "api_url" => Ok(GeneratedField::ApiUrl),
                            "tokenSecret" | "token_secret" => Ok(GeneratedField::TokenSecret),
                            "labels" => Ok(GeneratedField::Labels),
                            "assignee" => Ok(GeneratedField::Assignee),
                            "state" => Ok(GeneratedField::State),
                            "noWritebackState" | "no_writeback_state" => Ok(GeneratedField::NoWritebackState),
                            "noWritebackLabels" | "no_writeback_labels" => Ok(GeneratedField::NoWritebackLabels),
                            "writebackComments" | "writeback_comments" => Ok(GeneratedField::WritebackComments),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AddSourceRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AddSourceRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AddSourceRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut kind__ = None;
                let mut repo__ = None;
                let mut team__ = None;
                let mut project_key__ = None;
                let mut api_url__ = None;
                let mut token_secret__ = None;
                let mut labels__ = None;
                let mut assignee__ = None;
                let mut state__ = None;
                let mut no_writeback_state__ = None;
                let mut no_writeback_labels__ = None;
                let mut writeback_comments__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<SourceKind>()? as i32);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Team => {
                            if team__.is_some() {
                                return Err(serde::de::Error::duplicate_field("team"));
                            }
                            team__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectKey => {
                            if project_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectKey"));
                            }
                            project_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ApiUrl => {
                            if api_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("apiUrl"));
                            }
                            api_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TokenSecret => {
                            if token_secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tokenSecret"));
                            }
                            token_secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Labels => {
                            if labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("labels"));
                            }
                            labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Assignee => {
                            if assignee__.is_some() {
                                return Err(serde::de::Error::duplicate_field("assignee"));
                            }
                            assignee__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NoWritebackState => {
                            if no_writeback_state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("noWritebackState"));
                            }
                            no_writeback_state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NoWritebackLabels => {
                            if no_writeback_labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("noWritebackLabels"));
                            }
                            no_writeback_labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WritebackComments => {
                            if writeback_comments__.is_some() {
                                return Err(serde::de::Error::duplicate_field("writebackComments"));
                            }
                            writeback_comments__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AddSourceRequest {
                    project: project__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    team: team__.unwrap_or_default(),
                    project_key: project_key__.unwrap_or_default(),
                    api_url: api_url__.unwrap_or_default(),
                    token_secret: token_secret__.unwrap_or_default(),
                    labels: labels__.unwrap_or_default(),
                    assignee: assignee__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    no_writeback_state: no_writeback_state__.unwrap_or_default(),
                    no_writeback_labels: no_writeback_labels__.unwrap_or_default(),
                    writeback_comments: writeback_comments__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AddSourceRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AddThemeRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.names.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AddThemeRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.names.is_empty() {
            struct_ser.serialize_field("names", &self.names)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AddThemeRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "names",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Names,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "names" => Ok(GeneratedField::Names),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AddThemeRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AddThemeRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AddThemeRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut names__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Names => {
                            if names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("names"));
                            }
                            names__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AddThemeRequest {
                    name: name__.unwrap_or_default(),
                    names: names__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AddThemeRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Agent {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.persona.is_empty() {
            len += 1;
        }
        if !self.kind.is_empty() {
            len += 1;
        }
        if !self.model.is_empty() {
            len += 1;
        }
        if self.lifetime != 0 {
            len += 1;
        }
        if self.status != 0 {
            len += 1;
        }
        if self.codename {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        if !self.status_reason.is_empty() {
            len += 1;
        }
        if !self.backend.is_empty() {
            len += 1;
        }
        if !self.missing_protections.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Agent", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.persona.is_empty() {
            struct_ser.serialize_field("persona", &self.persona)?;
        }
        if !self.kind.is_empty() {
            struct_ser.serialize_field("kind", &self.kind)?;
        }
        if !self.model.is_empty() {
            struct_ser.serialize_field("model", &self.model)?;
        }
        if self.lifetime != 0 {
            let v = Lifetime::try_from(self.lifetime)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.lifetime)))?;
            struct_ser.serialize_field("lifetime", &v)?;
        }
        if self.status != 0 {
            let v = AgentStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        if self.codename {
            struct_ser.serialize_field("codename", &self.codename)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        if !self.status_reason.is_empty() {
            struct_ser.serialize_field("statusReason", &self.status_reason)?;
        }
        if !self.backend.is_empty() {
            struct_ser.serialize_field("backend", &self.backend)?;
        }
        if !self.missing_protections.is_empty() {
            struct_ser.serialize_field("missingProtections", &self.missing_protections)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Agent {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "project_id",
            "projectId",
            "name",
            "persona",
            "kind",
            "model",
            "lifetime",
            "status",
            "codename",
            "created_at_ms",
            "createdAtMs",
            "status_reason",
            "statusReason",
            "backend",
            "missing_protections",
            "missingProtections",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            ProjectId,
            Name,
            Persona,
            Kind,
            Model,
            Lifetime,
            Status,
            Codename,
            CreatedAtMs,
            StatusReason,
            Backend,
            MissingProtections,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "name" => Ok(GeneratedField::Name),
                            "persona" => Ok(GeneratedField::Persona),
                            "kind" => Ok(GeneratedField::Kind),
                            "model" => Ok(GeneratedField::Model),
                            "lifetime" => Ok(GeneratedField::Lifetime),
                            "status" => Ok(GeneratedField::Status),
                            "codename" => Ok(GeneratedField::Codename),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            "statusReason" | "status_reason" => Ok(GeneratedField::StatusReason),
                            "backend" => Ok(GeneratedField::Backend),
                            "missingProtections" | "missing_protections" => Ok(GeneratedField::MissingProtections),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Agent;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Agent")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Agent, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut project_id__ = None;
                let mut name__ = None;
                let mut persona__ = None;
                let mut kind__ = None;
                let mut model__ = None;
                let mut lifetime__ = None;
                let mut status__ = None;
                let mut codename__ = None;
                let mut created_at_ms__ = None;
                let mut status_reason__ = None;
                let mut backend__ = None;
                let mut missing_protections__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Persona => {
                            if persona__.is_some() {
                                return Err(serde::de::Error::duplicate_field("persona"));
                            }
                            persona__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Model => {
                            if model__.is_some() {
                                return Err(serde::de::Error::duplicate_field("model"));
                            }
                            model__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Lifetime => {
                            if lifetime__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lifetime"));
                            }
                            lifetime__ = Some(map_.next_value::<Lifetime>()? as i32);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<AgentStatus>()? as i32);
                        }
                        GeneratedField::Codename => {
                            if codename__.is_some() {
                                return Err(serde::de::Error::duplicate_field("codename"));
                            }
                            codename__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::StatusReason => {
                            if status_reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("statusReason"));
                            }
                            status_reason__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Backend => {
                            if backend__.is_some() {
                                return Err(serde::de::Error::duplicate_field("backend"));
                            }
                            backend__ = Some(map_.next_value()?);
                        }
                        GeneratedField::MissingProtections => {
                            if missing_protections__.is_some() {
                                return Err(serde::de::Error::duplicate_field("missingProtections"));
                            }
                            missing_protections__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Agent {
                    id: id__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    persona: persona__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    model: model__.unwrap_or_default(),
                    lifetime: lifetime__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    codename: codename__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                    status_reason: status_reason__.unwrap_or_default(),
                    backend: backend__.unwrap_or_default(),
                    missing_protections: missing_protections__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Agent", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentCreated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.agent.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentCreated", len)?;
        if let Some(v) = self.agent.as_ref() {
            struct_ser.serialize_field("agent", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentCreated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentCreated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentCreated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentCreated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = map_.next_value()?;
                        }
                    }
                }
                Ok(AgentCreated {
                    agent: agent__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentCreated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentDoing {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent.is_empty() {
            len += 1;
        }
        if self.status != 0 {
            len += 1;
        }
        if !self.current.is_empty() {
            len += 1;
        }
        if !self.queued.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentDoing", len)?;
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if self.status != 0 {
            let v = AgentStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        if !self.current.is_empty() {
            struct_ser.serialize_field("current", &self.current)?;
        }
        if !self.queued.is_empty() {
            struct_ser.serialize_field("queued", &self.queued)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentDoing {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "status",
            "current",
            "queued",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Status,
            Current,
            Queued,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "status" => Ok(GeneratedField::Status),
                            "current" => Ok(GeneratedField::Current),
                            "queued" => Ok(GeneratedField::Queued),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentDoing;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentDoing")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentDoing, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut status__ = None;
                let mut current__ = None;
                let mut queued__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<AgentStatus>()? as i32);
                        }
                        GeneratedField::Current => {
                            if current__.is_some() {
                                return Err(serde::de::Error::duplicate_field("current"));
                            }
                            current__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Queued => {
                            if queued__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queued"));
                            }
                            queued__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AgentDoing {
                    agent: agent__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    current: current__.unwrap_or_default(),
                    queued: queued__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentDoing", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentKind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.display_name.is_empty() {
            len += 1;
        }
        if self.transport != 0 {
            len += 1;
        }
        if !self.command.is_empty() {
            len += 1;
        }
        if !self.credentials.is_empty() {
            len += 1;
        }
        if !self.egress.is_empty() {
            len += 1;
        }
        if self.hooks.is_some() {
            len += 1;
        }
        if self.user {
            len += 1;
        }
        if self.gateway.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentKind", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.display_name.is_empty() {
            struct_ser.serialize_field("displayName", &self.display_name)?;
        }
        if self.transport != 0 {
            let v = KindTransport::try_from(self.transport)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.transport)))?;
            struct_ser.serialize_field("transport", &v)?;
        }
        if !self.command.is_empty() {
            struct_ser.serialize_field("command", &self.command)?;
        }
        if !self.credentials.is_empty() {
            struct_ser.serialize_field("credentials", &self.credentials)?;
        }
        if !self.egress.is_empty() {
            struct_ser.serialize_field("egress", &self.egress)?;
        }
        if let Some(v) = self.hooks.as_ref() {
            struct_ser.serialize_field("hooks", v)?;
        }
        if self.user {
            struct_ser.serialize_field("user", &self.user)?;
        }
        if let Some(v) = self.gateway.as_ref() {
            struct_ser.serialize_field("gateway", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentKind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "display_name",
            "displayName",
            "transport",
            "command",
            "credentials",
            "egress",
            "hooks",
            "user",
            "gateway",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            DisplayName,
            Transport,
            Command,
            Credentials,
            Egress,
            Hooks,
            User,
            Gateway,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "displayName" | "display_name" => Ok(GeneratedField::DisplayName),
                            "transport" => Ok(GeneratedField::Transport),
                            "command" => Ok(GeneratedField::Command),
                            "credentials" => Ok(GeneratedField::Credentials),
                            "egress" => Ok(GeneratedField::Egress),
                            "hooks" => Ok(GeneratedField::Hooks),
                            "user" => Ok(GeneratedField::User),
                            "gateway" => Ok(GeneratedField::Gateway),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentKind;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentKind")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentKind, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut display_name__ = None;
                let mut transport__ = None;
                let mut command__ = None;
                let mut credentials__ = None;
                let mut egress__ = None;
                let mut hooks__ = None;
                let mut user__ = None;
                let mut gateway__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DisplayName => {
                            if display_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("displayName"));
                            }
                            display_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Transport => {
                            if transport__.is_some() {
                                return Err(serde::de::Error::duplicate_field("transport"));
                            }
                            transport__ = Some(map_.next_value::<KindTransport>()? as i32);
                        }
                        GeneratedField::Command => {
                            if command__.is_some() {
                                return Err(serde::de::Error::duplicate_field("command"));
                            }
                            command__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Credentials => {
                            if credentials__.is_some() {
                                return Err(serde::de::Error::duplicate_field("credentials"));
                            }
                            credentials__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Egress => {
                            if egress__.is_some() {
                                return Err(serde::de::Error::duplicate_field("egress"));
                            }
                            egress__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Hooks => {
                            if hooks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hooks"));
                            }
                            hooks__ = map_.next_value()?;
                        }
                        GeneratedField::User => {
                            if user__.is_some() {
                                return Err(serde::de::Error::duplicate_field("user"));
                            }
                            user__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Gateway => {
                            if gateway__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gateway"));
                            }
                            gateway__ = map_.next_value()?;
                        }
                    }
                }
                Ok(AgentKind {
                    id: id__.unwrap_or_default(),
                    display_name: display_name__.unwrap_or_default(),
                    transport: transport__.unwrap_or_default(),
                    command: command__.unwrap_or_default(),
                    credentials: credentials__.unwrap_or_default(),
                    egress: egress__.unwrap_or_default(),
                    hooks: hooks__,
                    user: user__.unwrap_or_default(),
                    gateway: gateway__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentKind", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentRef {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentRef", len)?;
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentRef {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentRef;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentRef")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentRef, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AgentRef {
                    agent: agent__.unwrap_or_default(),
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentRef", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentRetired {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.codename_returned {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentRetired", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.codename_returned {
            struct_ser.serialize_field("codenameReturned", &self.codename_returned)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentRetired {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "codename_returned",
            "codenameReturned",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            CodenameReturned,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "codenameReturned" | "codename_returned" => Ok(GeneratedField::CodenameReturned),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentRetired;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentRetired")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentRetired, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut codename_returned__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CodenameReturned => {
                            if codename_returned__.is_some() {
                                return Err(serde::de::Error::duplicate_field("codenameReturned"));
                            }
                            codename_returned__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AgentRetired {
                    name: name__.unwrap_or_default(),
                    codename_returned: codename_returned__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentRetired", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "AGENT_STATUS_UNSPECIFIED",
            Self::Idle => "AGENT_STATUS_IDLE",
            Self::Running => "AGENT_STATUS_RUNNING",
            Self::Paused => "AGENT_STATUS_PAUSED",
            Self::Failed => "AGENT_STATUS_FAILED",
            Self::Retired => "AGENT_STATUS_RETIRED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for AgentStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "AGENT_STATUS_UNSPECIFIED",
            "AGENT_STATUS_IDLE",
            "AGENT_STATUS_RUNNING",
            "AGENT_STATUS_PAUSED",
            "AGENT_STATUS_FAILED",
            "AGENT_STATUS_RETIRED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = AgentStatus;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "AGENT_STATUS_UNSPECIFIED" => Ok(AgentStatus::Unspecified),
                    "AGENT_STATUS_IDLE" => Ok(AgentStatus::Idle),
                    "AGENT_STATUS_RUNNING" => Ok(AgentStatus::Running),
                    "AGENT_STATUS_PAUSED" => Ok(AgentStatus::Paused),
                    "AGENT_STATUS_FAILED" => Ok(AgentStatus::Failed),
                    "AGENT_STATUS_RETIRED" => Ok(AgentStatus::Retired),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for AgentStatusChanged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.from != 0 {
            len += 1;
        }
        if self.to != 0 {
            len += 1;
        }
        if !self.reason.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentStatusChanged", len)?;
        if self.from != 0 {
            let v = AgentStatus::try_from(self.from)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.from)))?;
            struct_ser.serialize_field("from", &v)?;
        }
        if self.to != 0 {
            let v = AgentStatus::try_from(self.to)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.to)))?;
            struct_ser.serialize_field("to", &v)?;
        }
        if !self.reason.is_empty() {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentStatusChanged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "from",
            "to",
            "reason",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            From,
            To,
            Reason,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "from" => Ok(GeneratedField::From),
                            "to" => Ok(GeneratedField::To),
                            "reason" => Ok(GeneratedField::Reason),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentStatusChanged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentStatusChanged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentStatusChanged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut from__ = None;
                let mut to__ = None;
                let mut reason__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::From => {
                            if from__.is_some() {
                                return Err(serde::de::Error::duplicate_field("from"));
                            }
                            from__ = Some(map_.next_value::<AgentStatus>()? as i32);
                        }
                        GeneratedField::To => {
                            if to__.is_some() {
                                return Err(serde::de::Error::duplicate_field("to"));
                            }
                            to__ = Some(map_.next_value::<AgentStatus>()? as i32);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AgentStatusChanged {
                    from: from__.unwrap_or_default(),
                    to: to__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentStatusChanged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AgentUpdate {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.update.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate", len)?;
        if let Some(v) = self.update.as_ref() {
            match v {
                agent_update::Update::UserMessage(v) => {
                    struct_ser.serialize_field("userMessage", v)?;
                }
                agent_update::Update::MessageChunk(v) => {
                    struct_ser.serialize_field("messageChunk", v)?;
                }
                agent_update::Update::ThoughtChunk(v) => {
                    struct_ser.serialize_field("thoughtChunk", v)?;
                }
                agent_update::Update::ToolCall(v) => {
                    struct_ser.serialize_field("toolCall", v)?;
                }
                agent_update::Update::ToolCallUpdate(v) => {
                    struct_ser.serialize_field("toolCallUpdate", v)?;
                }
                agent_update::Update::Diff(v) => {
                    struct_ser.serialize_field("diff", v)?;
                }
                agent_update::Update::Plan(v) => {
                    struct_ser.serialize_field("plan", v)?;
                }
                agent_update::Update::AvailableCommands(v) => {
                    struct_ser.serialize_field("availableCommands", v)?;
                }
                agent_update::Update::ModeChanged(v) => {
                    struct_ser.serialize_field("modeChanged", v)?;
                }
                agent_update::Update::PermissionRequested(v) => {
                    struct_ser.serialize_field("permissionRequested", v)?;
                }
                agent_update::Update::TerminalOutput(v) => {
                    struct_ser.serialize_field("terminalOutput", v)?;
                }
                agent_update::Update::TurnEnded(v) => {
                    struct_ser.serialize_field("turnEnded", v)?;
                }
                agent_update::Update::Error(v) => {
                    struct_ser.serialize_field("error", v)?;
                }
                agent_update::Update::SessionStarted(v) => {
                    struct_ser.serialize_field("sessionStarted", v)?;
                }
                agent_update::Update::SessionFailed(v) => {
                    struct_ser.serialize_field("sessionFailed", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AgentUpdate {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "user_message",
            "userMessage",
            "message_chunk",
            "messageChunk",
            "thought_chunk",
            "thoughtChunk",
            "tool_call",
            "toolCall",
            "tool_call_update",
            "toolCallUpdate",
            "diff",
            "plan",
            "available_commands",
            "availableCommands",
            "mode_changed",
            "modeChanged",
            "permission_requested",
            "permissionRequested",
            "terminal_output",
            "terminalOutput",
            "turn_ended",
            "turnEnded",
            "error",
            "session_started",
            "sessionStarted",
            "session_failed",
            "sessionFailed",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            UserMessage,
            MessageChunk,
            ThoughtChunk,
            ToolCall,
            ToolCallUpdate,
            Diff,
            Plan,
            AvailableCommands,
            ModeChanged,
            PermissionRequested,
            TerminalOutput,
            TurnEnded,
            Error,
            SessionStarted,
            SessionFailed,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "userMessage" | "user_message" => Ok(GeneratedField::UserMessage),
                            "messageChunk" | "message_chunk" => Ok(GeneratedField::MessageChunk),
                            "thoughtChunk" | "thought_chunk" => Ok(GeneratedField::ThoughtChunk),
                            "toolCall" | "tool_call" => Ok(GeneratedField::ToolCall),
                            "toolCallUpdate" | "tool_call_update" => Ok(GeneratedField::ToolCallUpdate),
                            "diff" => Ok(GeneratedField::Diff),
                            "plan" => Ok(GeneratedField::Plan),
                            "availableCommands" | "available_commands" => Ok(GeneratedField::AvailableCommands),
                            "modeChanged" | "mode_changed" => Ok(GeneratedField::ModeChanged),
                            "permissionRequested" | "permission_requested" => Ok(GeneratedField::PermissionRequested),
                            "terminalOutput" | "terminal_output" => Ok(GeneratedField::TerminalOutput),
                            "turnEnded" | "turn_ended" => Ok(GeneratedField::TurnEnded),
                            "error" => Ok(GeneratedField::Error),
                            "sessionStarted" | "session_started" => Ok(GeneratedField::SessionStarted),
                            "sessionFailed" | "session_failed" => Ok(GeneratedField::SessionFailed),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AgentUpdate;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AgentUpdate, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut update__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::UserMessage => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("userMessage"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::UserMessage)
;
                        }
                        GeneratedField::MessageChunk => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("messageChunk"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::MessageChunk)
;
                        }
                        GeneratedField::ThoughtChunk => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("thoughtChunk"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::ThoughtChunk)
;
                        }
                        GeneratedField::ToolCall => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("toolCall"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::ToolCall)
;
                        }
                        GeneratedField::ToolCallUpdate => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("toolCallUpdate"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::ToolCallUpdate)
;
                        }
                        GeneratedField::Diff => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("diff"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::Diff)
;
                        }
                        GeneratedField::Plan => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("plan"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::Plan)
;
                        }
                        GeneratedField::AvailableCommands => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("availableCommands"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::AvailableCommands)
;
                        }
                        GeneratedField::ModeChanged => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("modeChanged"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::ModeChanged)
;
                        }
                        GeneratedField::PermissionRequested => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("permissionRequested"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::PermissionRequested)
;
                        }
                        GeneratedField::TerminalOutput => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("terminalOutput"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::TerminalOutput)
;
                        }
                        GeneratedField::TurnEnded => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("turnEnded"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::TurnEnded)
;
                        }
                        GeneratedField::Error => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::Error)
;
                        }
                        GeneratedField::SessionStarted => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sessionStarted"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::SessionStarted)
;
                        }
                        GeneratedField::SessionFailed => {
                            if update__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sessionFailed"));
                            }
                            update__ = map_.next_value::<::std::option::Option<_>>()?.map(agent_update::Update::SessionFailed)
;
                        }
                    }
                }
                Ok(AgentUpdate {
                    update: update__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::AvailableCommands {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.commands.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.AvailableCommands", len)?;
        if !self.commands.is_empty() {
            struct_ser.serialize_field("commands", &self.commands)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::AvailableCommands {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "commands",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Commands,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "commands" => Ok(GeneratedField::Commands),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::AvailableCommands;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.AvailableCommands")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::AvailableCommands, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut commands__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Commands => {
                            if commands__.is_some() {
                                return Err(serde::de::Error::duplicate_field("commands"));
                            }
                            commands__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::AvailableCommands {
                    commands: commands__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.AvailableCommands", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::Diff {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.path.is_empty() {
            len += 1;
        }
        if self.old_text.is_some() {
            len += 1;
        }
        if !self.new_text.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.Diff", len)?;
        if !self.path.is_empty() {
            struct_ser.serialize_field("path", &self.path)?;
        }
        if let Some(v) = self.old_text.as_ref() {
            struct_ser.serialize_field("oldText", v)?;
        }
        if !self.new_text.is_empty() {
            struct_ser.serialize_field("newText", &self.new_text)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::Diff {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "path",
            "old_text",
            "oldText",
            "new_text",
            "newText",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Path,
            OldText,
            NewText,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "path" => Ok(GeneratedField::Path),
                            "oldText" | "old_text" => Ok(GeneratedField::OldText),
                            "newText" | "new_text" => Ok(GeneratedField::NewText),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::Diff;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.Diff")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::Diff, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut path__ = None;
                let mut old_text__ = None;
                let mut new_text__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Path => {
                            if path__.is_some() {
                                return Err(serde::de::Error::duplicate_field("path"));
                            }
                            path__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OldText => {
                            if old_text__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oldText"));
                            }
                            old_text__ = map_.next_value()?;
                        }
                        GeneratedField::NewText => {
                            if new_text__.is_some() {
                                return Err(serde::de::Error::duplicate_field("newText"));
                            }
                            new_text__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::Diff {
                    path: path__.unwrap_or_default(),
                    old_text: old_text__,
                    new_text: new_text__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.Diff", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::PermissionRequested {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.options.is_empty() {
            len += 1;
        }
        if self.chosen.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.PermissionRequested", len)?;
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.options.is_empty() {
            struct_ser.serialize_field("options", &self.options)?;
        }
        if let Some(v) = self.chosen.as_ref() {
            struct_ser.serialize_field("chosen", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::PermissionRequested {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "title",
            "options",
            "chosen",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Title,
            Options,
            Chosen,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "title" => Ok(GeneratedField::Title),
                            "options" => Ok(GeneratedField::Options),
                            "chosen" => Ok(GeneratedField::Chosen),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::PermissionRequested;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.PermissionRequested")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::PermissionRequested, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut title__ = None;
                let mut options__ = None;
                let mut chosen__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Options => {
                            if options__.is_some() {
                                return Err(serde::de::Error::duplicate_field("options"));
                            }
                            options__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Chosen => {
                            if chosen__.is_some() {
                                return Err(serde::de::Error::duplicate_field("chosen"));
                            }
                            chosen__ = map_.next_value()?;
                        }
                    }
                }
                Ok(agent_update::PermissionRequested {
                    title: title__.unwrap_or_default(),
                    options: options__.unwrap_or_default(),
                    chosen: chosen__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.PermissionRequested", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::Plan {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.entries.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.Plan", len)?;
        if !self.entries.is_empty() {
            struct_ser.serialize_field("entries", &self.entries)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::Plan {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "entries",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Entries,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "entries" => Ok(GeneratedField::Entries),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::Plan;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.Plan")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::Plan, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut entries__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Entries => {
                            if entries__.is_some() {
                                return Err(serde::de::Error::duplicate_field("entries"));
                            }
                            entries__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::Plan {
                    entries: entries__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.Plan", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::SessionFailed {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.code.is_empty() {
            len += 1;
        }
        if !self.message.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.SessionFailed", len)?;
        if !self.code.is_empty() {
            struct_ser.serialize_field("code", &self.code)?;
        }
        if !self.message.is_empty() {
            struct_ser.serialize_field("message", &self.message)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::SessionFailed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "code",
            "message",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Code,
            Message,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "code" => Ok(GeneratedField::Code),
                            "message" => Ok(GeneratedField::Message),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::SessionFailed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.SessionFailed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::SessionFailed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut code__ = None;
                let mut message__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Code => {
                            if code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("code"));
                            }
                            code__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Message => {
                            if message__.is_some() {
                                return Err(serde::de::Error::duplicate_field("message"));
                            }
                            message__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::SessionFailed {
                    code: code__.unwrap_or_default(),
                    message: message__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.SessionFailed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::SessionStarted {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.session_id.is_empty() {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.how.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.SessionStarted", len)?;
        if !self.session_id.is_empty() {
            struct_ser.serialize_field("sessionId", &self.session_id)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.how.is_empty() {
            struct_ser.serialize_field("how", &self.how)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::SessionStarted {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "session_id",
            "sessionId",
            "agent",
            "how",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            SessionId,
            Agent,
            How,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sessionId" | "session_id" => Ok(GeneratedField::SessionId),
                            "agent" => Ok(GeneratedField::Agent),
                            "how" => Ok(GeneratedField::How),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::SessionStarted;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.SessionStarted")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::SessionStarted, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut session_id__ = None;
                let mut agent__ = None;
                let mut how__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::SessionId => {
                            if session_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sessionId"));
                            }
                            session_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::How => {
                            if how__.is_some() {
                                return Err(serde::de::Error::duplicate_field("how"));
                            }
                            how__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::SessionStarted {
                    session_id: session_id__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                    how: how__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.SessionStarted", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::TerminalOutput {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.terminal_id.is_empty() {
            len += 1;
        }
        if !self.output.is_empty() {
            len += 1;
        }
        if self.exit_code.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.TerminalOutput", len)?;
        if !self.terminal_id.is_empty() {
            struct_ser.serialize_field("terminalId", &self.terminal_id)?;
        }
        if !self.output.is_empty() {
            struct_ser.serialize_field("output", &self.output)?;
        }
        if let Some(v) = self.exit_code.as_ref() {
            struct_ser.serialize_field("exitCode", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::TerminalOutput {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "terminal_id",
            "terminalId",
            "output",
            "exit_code",
            "exitCode",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            TerminalId,
            Output,
            ExitCode,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "terminalId" | "terminal_id" => Ok(GeneratedField::TerminalId),
                            "output" => Ok(GeneratedField::Output),
                            "exitCode" | "exit_code" => Ok(GeneratedField::ExitCode),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::TerminalOutput;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.TerminalOutput")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::TerminalOutput, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut terminal_id__ = None;
                let mut output__ = None;
                let mut exit_code__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::TerminalId => {
                            if terminal_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("terminalId"));
                            }
                            terminal_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Output => {
                            if output__.is_some() {
                                return Err(serde::de::Error::duplicate_field("output"));
                            }
                            output__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExitCode => {
                            if exit_code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("exitCode"));
                            }
                            exit_code__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                    }
                }
                Ok(agent_update::TerminalOutput {
                    terminal_id: terminal_id__.unwrap_or_default(),
                    output: output__.unwrap_or_default(),
                    exit_code: exit_code__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.TerminalOutput", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::Text {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.text.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.Text", len)?;
        if !self.text.is_empty() {
            struct_ser.serialize_field("text", &self.text)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::Text {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "text",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Text,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "text" => Ok(GeneratedField::Text),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::Text;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.Text")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::Text, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut text__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Text => {
                            if text__.is_some() {
                                return Err(serde::de::Error::duplicate_field("text"));
                            }
                            text__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(agent_update::Text {
                    text: text__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.Text", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::ToolCall {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.tool_kind.is_empty() {
            len += 1;
        }
        if self.status != 0 {
            len += 1;
        }
        if self.raw_input.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.ToolCall", len)?;
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.tool_kind.is_empty() {
            struct_ser.serialize_field("toolKind", &self.tool_kind)?;
        }
        if self.status != 0 {
            let v = ToolStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        if let Some(v) = self.raw_input.as_ref() {
            struct_ser.serialize_field("rawInput", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::ToolCall {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "title",
            "tool_kind",
            "toolKind",
            "status",
            "raw_input",
            "rawInput",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Title,
            ToolKind,
            Status,
            RawInput,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "title" => Ok(GeneratedField::Title),
                            "toolKind" | "tool_kind" => Ok(GeneratedField::ToolKind),
                            "status" => Ok(GeneratedField::Status),
                            "rawInput" | "raw_input" => Ok(GeneratedField::RawInput),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::ToolCall;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.ToolCall")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::ToolCall, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut title__ = None;
                let mut tool_kind__ = None;
                let mut status__ = None;
                let mut raw_input__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ToolKind => {
                            if tool_kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("toolKind"));
                            }
                            tool_kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<ToolStatus>()? as i32);
                        }
                        GeneratedField::RawInput => {
                            if raw_input__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rawInput"));
                            }
                            raw_input__ = map_.next_value()?;
                        }
                    }
                }
                Ok(agent_update::ToolCall {
                    title: title__.unwrap_or_default(),
                    tool_kind: tool_kind__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                    raw_input: raw_input__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.ToolCall", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for agent_update::ToolCallUpdate {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.status != 0 {
            len += 1;
        }
        if self.title.is_some() {
            len += 1;
        }
        if self.output.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AgentUpdate.ToolCallUpdate", len)?;
        if self.status != 0 {
            let v = ToolStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        if let Some(v) = self.title.as_ref() {
            struct_ser.serialize_field("title", v)?;
        }
        if let Some(v) = self.output.as_ref() {
            struct_ser.serialize_field("output", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for agent_update::ToolCallUpdate {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "status",
            "title",
            "output",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Status,
            Title,
            Output,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "status" => Ok(GeneratedField::Status),
                            "title" => Ok(GeneratedField::Title),
                            "output" => Ok(GeneratedField::Output),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = agent_update::ToolCallUpdate;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AgentUpdate.ToolCallUpdate")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<agent_update::ToolCallUpdate, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut status__ = None;
                let mut title__ = None;
                let mut output__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<ToolStatus>()? as i32);
                        }
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = map_.next_value()?;
                        }
                        GeneratedField::Output => {
                            if output__.is_some() {
                                return Err(serde::de::Error::duplicate_field("output"));
                            }
                            output__ = map_.next_value()?;
                        }
                    }
                }
                Ok(agent_update::ToolCallUpdate {
                    status: status__.unwrap_or_default(),
                    title: title__,
                    output: output__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AgentUpdate.ToolCallUpdate", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AllowOnceRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.agent.is_some() {
            len += 1;
        }
        if !self.hash.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AllowOnceRequest", len)?;
        if let Some(v) = self.agent.as_ref() {
            struct_ser.serialize_field("agent", v)?;
        }
        if !self.hash.is_empty() {
            struct_ser.serialize_field("hash", &self.hash)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AllowOnceRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "hash",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Hash,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "hash" => Ok(GeneratedField::Hash),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AllowOnceRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AllowOnceRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AllowOnceRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut hash__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = map_.next_value()?;
                        }
                        GeneratedField::Hash => {
                            if hash__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hash"));
                            }
                            hash__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AllowOnceRequest {
                    agent: agent__,
                    hash: hash__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AllowOnceRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AllowOnceResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.hash.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AllowOnceResponse", len)?;
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.hash.is_empty() {
            struct_ser.serialize_field("hash", &self.hash)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AllowOnceResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent_id",
            "agentId",
            "hash",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AgentId,
            Hash,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "hash" => Ok(GeneratedField::Hash),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AllowOnceResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AllowOnceResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AllowOnceResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent_id__ = None;
                let mut hash__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Hash => {
                            if hash__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hash"));
                            }
                            hash__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AllowOnceResponse {
                    agent_id: agent_id__.unwrap_or_default(),
                    hash: hash__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AllowOnceResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AnswerAskRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.ask.is_empty() {
            len += 1;
        }
        if !self.answer.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AnswerAskRequest", len)?;
        if !self.ask.is_empty() {
            struct_ser.serialize_field("ask", &self.ask)?;
        }
        if !self.answer.is_empty() {
            struct_ser.serialize_field("answer", &self.answer)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AnswerAskRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ask",
            "answer",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Ask,
            Answer,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "ask" => Ok(GeneratedField::Ask),
                            "answer" => Ok(GeneratedField::Answer),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AnswerAskRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AnswerAskRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AnswerAskRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut ask__ = None;
                let mut answer__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Ask => {
                            if ask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ask"));
                            }
                            ask__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Answer => {
                            if answer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("answer"));
                            }
                            answer__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AnswerAskRequest {
                    ask: ask__.unwrap_or_default(),
                    answer: answer__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AnswerAskRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AnswerAskResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.ask.is_some() {
            len += 1;
        }
        if !self.delivery.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AnswerAskResponse", len)?;
        if let Some(v) = self.ask.as_ref() {
            struct_ser.serialize_field("ask", v)?;
        }
        if !self.delivery.is_empty() {
            struct_ser.serialize_field("delivery", &self.delivery)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AnswerAskResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ask",
            "delivery",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Ask,
            Delivery,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "ask" => Ok(GeneratedField::Ask),
                            "delivery" => Ok(GeneratedField::Delivery),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AnswerAskResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AnswerAskResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AnswerAskResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut ask__ = None;
                let mut delivery__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Ask => {
                            if ask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ask"));
                            }
                            ask__ = map_.next_value()?;
                        }
                        GeneratedField::Delivery => {
                            if delivery__.is_some() {
                                return Err(serde::de::Error::duplicate_field("delivery"));
                            }
                            delivery__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AnswerAskResponse {
                    ask: ask__,
                    delivery: delivery__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AnswerAskResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AppendMarkerRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.label.is_empty() {
            len += 1;
        }
        if !self.payload.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AppendMarkerRequest", len)?;
        if !self.label.is_empty() {
            struct_ser.serialize_field("label", &self.label)?;
        }
        if !self.payload.is_empty() {
            struct_ser.serialize_field("payload", &self.payload)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AppendMarkerRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "label",
            "payload",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Label,
            Payload,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "label" => Ok(GeneratedField::Label),
                            "payload" => Ok(GeneratedField::Payload),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AppendMarkerRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AppendMarkerRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AppendMarkerRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut label__ = None;
                let mut payload__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Label => {
                            if label__.is_some() {
                                return Err(serde::de::Error::duplicate_field("label"));
                            }
                            label__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Payload => {
                            if payload__.is_some() {
                                return Err(serde::de::Error::duplicate_field("payload"));
                            }
                            payload__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AppendMarkerRequest {
                    label: label__.unwrap_or_default(),
                    payload: payload__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AppendMarkerRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AppendMarkerResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.seq != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AppendMarkerResponse", len)?;
        if self.seq != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("seq", ToString::to_string(&self.seq).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AppendMarkerResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "seq",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Seq,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "seq" => Ok(GeneratedField::Seq),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AppendMarkerResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AppendMarkerResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AppendMarkerResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut seq__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Seq => {
                            if seq__.is_some() {
                                return Err(serde::de::Error::duplicate_field("seq"));
                            }
                            seq__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(AppendMarkerResponse {
                    seq: seq__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AppendMarkerResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Ask {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.agent_name.is_empty() {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.question.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if !self.answer.is_empty() {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Ask", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.agent_name.is_empty() {
            struct_ser.serialize_field("agentName", &self.agent_name)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.question.is_empty() {
            struct_ser.serialize_field("question", &self.question)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if !self.answer.is_empty() {
            struct_ser.serialize_field("answer", &self.answer)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Ask {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "agent_id",
            "agentId",
            "agent_name",
            "agentName",
            "workstream_id",
            "workstreamId",
            "question",
            "state",
            "answer",
            "created_at_ms",
            "createdAtMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            AgentId,
            AgentName,
            WorkstreamId,
            Question,
            State,
            Answer,
            CreatedAtMs,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "agentName" | "agent_name" => Ok(GeneratedField::AgentName),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "question" => Ok(GeneratedField::Question),
                            "state" => Ok(GeneratedField::State),
                            "answer" => Ok(GeneratedField::Answer),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Ask;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Ask")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Ask, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut agent_id__ = None;
                let mut agent_name__ = None;
                let mut workstream_id__ = None;
                let mut question__ = None;
                let mut state__ = None;
                let mut answer__ = None;
                let mut created_at_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentName => {
                            if agent_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentName"));
                            }
                            agent_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Question => {
                            if question__.is_some() {
                                return Err(serde::de::Error::duplicate_field("question"));
                            }
                            question__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Answer => {
                            if answer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("answer"));
                            }
                            answer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(Ask {
                    id: id__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    agent_name: agent_name__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                    question: question__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    answer: answer__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Ask", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AskAnswered {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.ask_id.is_empty() {
            len += 1;
        }
        if !self.delivery.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AskAnswered", len)?;
        if !self.ask_id.is_empty() {
            struct_ser.serialize_field("askId", &self.ask_id)?;
        }
        if !self.delivery.is_empty() {
            struct_ser.serialize_field("delivery", &self.delivery)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AskAnswered {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ask_id",
            "askId",
            "delivery",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AskId,
            Delivery,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "askId" | "ask_id" => Ok(GeneratedField::AskId),
                            "delivery" => Ok(GeneratedField::Delivery),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AskAnswered;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AskAnswered")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AskAnswered, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut ask_id__ = None;
                let mut delivery__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AskId => {
                            if ask_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("askId"));
                            }
                            ask_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Delivery => {
                            if delivery__.is_some() {
                                return Err(serde::de::Error::duplicate_field("delivery"));
                            }
                            delivery__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AskAnswered {
                    ask_id: ask_id__.unwrap_or_default(),
                    delivery: delivery__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AskAnswered", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AskOpened {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.ask.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.AskOpened", len)?;
        if let Some(v) = self.ask.as_ref() {
            struct_ser.serialize_field("ask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AskOpened {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Ask,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "ask" => Ok(GeneratedField::Ask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AskOpened;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.AskOpened")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AskOpened, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut ask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Ask => {
                            if ask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ask"));
                            }
                            ask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(AskOpened {
                    ask: ask__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.AskOpened", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BlockedItem {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.kind != 0 {
            len += 1;
        }
        if !self.subject.is_empty() {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.detail.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.BlockedItem", len)?;
        if self.kind != 0 {
            let v = BlockedKind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if !self.subject.is_empty() {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.detail.is_empty() {
            struct_ser.serialize_field("detail", &self.detail)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BlockedItem {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kind",
            "subject",
            "agent",
            "detail",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kind,
            Subject,
            Agent,
            Detail,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kind" => Ok(GeneratedField::Kind),
                            "subject" => Ok(GeneratedField::Subject),
                            "agent" => Ok(GeneratedField::Agent),
                            "detail" => Ok(GeneratedField::Detail),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BlockedItem;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.BlockedItem")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BlockedItem, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kind__ = None;
                let mut subject__ = None;
                let mut agent__ = None;
                let mut detail__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<BlockedKind>()? as i32);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Detail => {
                            if detail__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detail"));
                            }
                            detail__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BlockedItem {
                    kind: kind__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                    detail: detail__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.BlockedItem", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BlockedKind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "BLOCKED_KIND_UNSPECIFIED",
            Self::AgentPaused => "BLOCKED_KIND_AGENT_PAUSED",
            Self::AgentFailed => "BLOCKED_KIND_AGENT_FAILED",
            Self::WorkstreamPaused => "BLOCKED_KIND_WORKSTREAM_PAUSED",
            Self::WorkstreamFailed => "BLOCKED_KIND_WORKSTREAM_FAILED",
            Self::SourceFailing => "BLOCKED_KIND_SOURCE_FAILING",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for BlockedKind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "BLOCKED_KIND_UNSPECIFIED",
            "BLOCKED_KIND_AGENT_PAUSED",
            "BLOCKED_KIND_AGENT_FAILED",
            "BLOCKED_KIND_WORKSTREAM_PAUSED",
            "BLOCKED_KIND_WORKSTREAM_FAILED",
            "BLOCKED_KIND_SOURCE_FAILING",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = BlockedKind;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "BLOCKED_KIND_UNSPECIFIED" => Ok(BlockedKind::Unspecified),
                    "BLOCKED_KIND_AGENT_PAUSED" => Ok(BlockedKind::AgentPaused),
                    "BLOCKED_KIND_AGENT_FAILED" => Ok(BlockedKind::AgentFailed),
                    "BLOCKED_KIND_WORKSTREAM_PAUSED" => Ok(BlockedKind::WorkstreamPaused),
                    "BLOCKED_KIND_WORKSTREAM_FAILED" => Ok(BlockedKind::WorkstreamFailed),
                    "BLOCKED_KIND_SOURCE_FAILING" => Ok(BlockedKind::SourceFailing),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for Board {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.project.is_some() {
            len += 1;
        }
        if !self.rows.is_empty() {
            len += 1;
        }
        if self.warden_enabled {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Board", len)?;
        if let Some(v) = self.project.as_ref() {
            struct_ser.serialize_field("project", v)?;
        }
        if !self.rows.is_empty() {
            struct_ser.serialize_field("rows", &self.rows)?;
        }
        if self.warden_enabled {
            struct_ser.serialize_field("wardenEnabled", &self.warden_enabled)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Board {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "rows",
            "warden_enabled",
            "wardenEnabled",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            Rows,
            WardenEnabled,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "rows" => Ok(GeneratedField::Rows),
                            "wardenEnabled" | "warden_enabled" => Ok(GeneratedField::WardenEnabled),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Board;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Board")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Board, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut rows__ = None;
                let mut warden_enabled__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = map_.next_value()?;
                        }
                        GeneratedField::Rows => {
                            if rows__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rows"));
                            }
                            rows__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WardenEnabled => {
                            if warden_enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("wardenEnabled"));
                            }
                            warden_enabled__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Board {
                    project: project__,
                    rows: rows__.unwrap_or_default(),
                    warden_enabled: warden_enabled__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Board", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BoardCard {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        if self.priority != 0 {
            len += 1;
        }
        if !self.parent_key.is_empty() {
            len += 1;
        }
        if !self.pushes.is_empty() {
            len += 1;
        }
        if self.ready_for_push {
            len += 1;
        }
        if !self.queue_note.is_empty() {
            len += 1;
        }
        if self.queue_done {
            len += 1;
        }
        if !self.overlaps.is_empty() {
            len += 1;
        }
        if !self.pull_requests.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.BoardCard", len)?;
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if self.state != 0 {
            let v = WorkstreamState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        if self.priority != 0 {
            let v = Priority::try_from(self.priority)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.priority)))?;
            struct_ser.serialize_field("priority", &v)?;
        }
        if !self.parent_key.is_empty() {
            struct_ser.serialize_field("parentKey", &self.parent_key)?;
        }
        if !self.pushes.is_empty() {
            struct_ser.serialize_field("pushes", &self.pushes)?;
        }
        if self.ready_for_push {
            struct_ser.serialize_field("readyForPush", &self.ready_for_push)?;
        }
        if !self.queue_note.is_empty() {
            struct_ser.serialize_field("queueNote", &self.queue_note)?;
        }
        if self.queue_done {
            struct_ser.serialize_field("queueDone", &self.queue_done)?;
        }
        if !self.overlaps.is_empty() {
            struct_ser.serialize_field("overlaps", &self.overlaps)?;
        }
        if !self.pull_requests.is_empty() {
            struct_ser.serialize_field("pullRequests", &self.pull_requests)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BoardCard {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue_id",
            "issueId",
            "issue_key",
            "issueKey",
            "title",
            "workstream_id",
            "workstreamId",
            "state",
            "priority",
            "parent_key",
            "parentKey",
            "pushes",
            "ready_for_push",
            "readyForPush",
            "queue_note",
            "queueNote",
            "queue_done",
            "queueDone",
            "overlaps",
            "pull_requests",
            "pullRequests",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IssueId,
            IssueKey,
            Title,
            WorkstreamId,
            State,
            Priority,
            ParentKey,
            Pushes,
            ReadyForPush,
            QueueNote,
            QueueDone,
            Overlaps,
            PullRequests,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "title" => Ok(GeneratedField::Title),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "state" => Ok(GeneratedField::State),
                            "priority" => Ok(GeneratedField::Priority),
                            "parentKey" | "parent_key" => Ok(GeneratedField::ParentKey),
                            "pushes" => Ok(GeneratedField::Pushes),
                            "readyForPush" | "ready_for_push" => Ok(GeneratedField::ReadyForPush),
                            "queueNote" | "queue_note" => Ok(GeneratedField::QueueNote),
                            "queueDone" | "queue_done" => Ok(GeneratedField::QueueDone),
                            "overlaps" => Ok(GeneratedField::Overlaps),
                            "pullRequests" | "pull_requests" => Ok(GeneratedField::PullRequests),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BoardCard;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.BoardCard")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BoardCard, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue_id__ = None;
                let mut issue_key__ = None;
                let mut title__ = None;
                let mut workstream_id__ = None;
                let mut state__ = None;
                let mut priority__ = None;
                let mut parent_key__ = None;
                let mut pushes__ = None;
                let mut ready_for_push__ = None;
                let mut queue_note__ = None;
                let mut queue_done__ = None;
                let mut overlaps__ = None;
                let mut pull_requests__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                        GeneratedField::Priority => {
                            if priority__.is_some() {
                                return Err(serde::de::Error::duplicate_field("priority"));
                            }
                            priority__ = Some(map_.next_value::<Priority>()? as i32);
                        }
                        GeneratedField::ParentKey => {
                            if parent_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parentKey"));
                            }
                            parent_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pushes => {
                            if pushes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pushes"));
                            }
                            pushes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ReadyForPush => {
                            if ready_for_push__.is_some() {
                                return Err(serde::de::Error::duplicate_field("readyForPush"));
                            }
                            ready_for_push__ = Some(map_.next_value()?);
                        }
                        GeneratedField::QueueNote => {
                            if queue_note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueNote"));
                            }
                            queue_note__ = Some(map_.next_value()?);
                        }
                        GeneratedField::QueueDone => {
                            if queue_done__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueDone"));
                            }
                            queue_done__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Overlaps => {
                            if overlaps__.is_some() {
                                return Err(serde::de::Error::duplicate_field("overlaps"));
                            }
                            overlaps__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PullRequests => {
                            if pull_requests__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pullRequests"));
                            }
                            pull_requests__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BoardCard {
                    issue_id: issue_id__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    title: title__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    priority: priority__.unwrap_or_default(),
                    parent_key: parent_key__.unwrap_or_default(),
                    pushes: pushes__.unwrap_or_default(),
                    ready_for_push: ready_for_push__.unwrap_or_default(),
                    queue_note: queue_note__.unwrap_or_default(),
                    queue_done: queue_done__.unwrap_or_default(),
                    overlaps: overlaps__.unwrap_or_default(),
                    pull_requests: pull_requests__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.BoardCard", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BoardColumn {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.cards.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.BoardColumn", len)?;
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.cards.is_empty() {
            struct_ser.serialize_field("cards", &self.cards)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BoardColumn {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "title",
            "cards",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Title,
            Cards,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "title" => Ok(GeneratedField::Title),
                            "cards" => Ok(GeneratedField::Cards),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BoardColumn;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.BoardColumn")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BoardColumn, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut title__ = None;
                let mut cards__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cards => {
                            if cards__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cards"));
                            }
                            cards__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BoardColumn {
                    title: title__.unwrap_or_default(),
                    cards: cards__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.BoardColumn", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BoardRow {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.agent_name.is_empty() {
            len += 1;
        }
        if self.agent_status != 0 {
            len += 1;
        }
        if !self.columns.is_empty() {
            len += 1;
        }
        if !self.agent_status_reason.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.BoardRow", len)?;
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.agent_name.is_empty() {
            struct_ser.serialize_field("agentName", &self.agent_name)?;
        }
        if self.agent_status != 0 {
            let v = AgentStatus::try_from(self.agent_status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.agent_status)))?;
            struct_ser.serialize_field("agentStatus", &v)?;
        }
        if !self.columns.is_empty() {
            struct_ser.serialize_field("columns", &self.columns)?;
        }
        if !self.agent_status_reason.is_empty() {
            struct_ser.serialize_field("agentStatusReason", &self.agent_status_reason)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BoardRow {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent_id",
            "agentId",
            "agent_name",
            "agentName",
            "agent_status",
            "agentStatus",
            "columns",
            "agent_status_reason",
            "agentStatusReason",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AgentId,
            AgentName,
            AgentStatus,
            Columns,
            AgentStatusReason,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "agentName" | "agent_name" => Ok(GeneratedField::AgentName),
                            "agentStatus" | "agent_status" => Ok(GeneratedField::AgentStatus),
                            "columns" => Ok(GeneratedField::Columns),
                            "agentStatusReason" | "agent_status_reason" => Ok(GeneratedField::AgentStatusReason),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BoardRow;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.BoardRow")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BoardRow, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent_id__ = None;
                let mut agent_name__ = None;
                let mut agent_status__ = None;
                let mut columns__ = None;
                let mut agent_status_reason__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentName => {
                            if agent_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentName"));
                            }
                            agent_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentStatus => {
                            if agent_status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentStatus"));
                            }
                            agent_status__ = Some(map_.next_value::<AgentStatus>()? as i32);
                        }
                        GeneratedField::Columns => {
                            if columns__.is_some() {
                                return Err(serde::de::Error::duplicate_field("columns"));
                            }
                            columns__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentStatusReason => {
                            if agent_status_reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentStatusReason"));
                            }
                            agent_status_reason__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BoardRow {
                    agent_id: agent_id__.unwrap_or_default(),
                    agent_name: agent_name__.unwrap_or_default(),
                    agent_status: agent_status__.unwrap_or_default(),
                    columns: columns__.unwrap_or_default(),
                    agent_status_reason: agent_status_reason__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.BoardRow", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CardOverlap {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.agent_name.is_empty() {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.paths.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CardOverlap", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.agent_name.is_empty() {
            struct_ser.serialize_field("agentName", &self.agent_name)?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.paths.is_empty() {
            struct_ser.serialize_field("paths", &self.paths)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CardOverlap {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "agent_id",
            "agentId",
            "agent_name",
            "agentName",
            "issue_key",
            "issueKey",
            "paths",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            AgentId,
            AgentName,
            IssueKey,
            Paths,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "agentName" | "agent_name" => Ok(GeneratedField::AgentName),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "paths" => Ok(GeneratedField::Paths),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CardOverlap;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CardOverlap")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CardOverlap, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut agent_id__ = None;
                let mut agent_name__ = None;
                let mut issue_key__ = None;
                let mut paths__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentName => {
                            if agent_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentName"));
                            }
                            agent_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Paths => {
                            if paths__.is_some() {
                                return Err(serde::de::Error::duplicate_field("paths"));
                            }
                            paths__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CardOverlap {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    agent_name: agent_name__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    paths: paths__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CardOverlap", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckMergesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CheckMergesRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckMergesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckMergesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CheckMergesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckMergesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CheckMergesRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CheckMergesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckMergesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.checked != 0 {
            len += 1;
        }
        if !self.merged.is_empty() {
            len += 1;
        }
        if !self.failures.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CheckMergesResponse", len)?;
        if self.checked != 0 {
            struct_ser.serialize_field("checked", &self.checked)?;
        }
        if !self.merged.is_empty() {
            struct_ser.serialize_field("merged", &self.merged)?;
        }
        if !self.failures.is_empty() {
            struct_ser.serialize_field("failures", &self.failures)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckMergesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "checked",
            "merged",
            "failures",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Checked,
            Merged,
            Failures,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "checked" => Ok(GeneratedField::Checked),
                            "merged" => Ok(GeneratedField::Merged),
                            "failures" => Ok(GeneratedField::Failures),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckMergesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CheckMergesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckMergesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut checked__ = None;
                let mut merged__ = None;
                let mut failures__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Checked => {
                            if checked__.is_some() {
                                return Err(serde::de::Error::duplicate_field("checked"));
                            }
                            checked__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Merged => {
                            if merged__.is_some() {
                                return Err(serde::de::Error::duplicate_field("merged"));
                            }
                            merged__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Failures => {
                            if failures__.is_some() {
                                return Err(serde::de::Error::duplicate_field("failures"));
                            }
                            failures__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CheckMergesResponse {
                    checked: checked__.unwrap_or_default(),
                    merged: merged__.unwrap_or_default(),
                    failures: failures__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CheckMergesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateAgentRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.persona.is_empty() {
            len += 1;
        }
        if !self.kind.is_empty() {
            len += 1;
        }
        if !self.model.is_empty() {
            len += 1;
        }
        if self.lifetime != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CreateAgentRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.persona.is_empty() {
            struct_ser.serialize_field("persona", &self.persona)?;
        }
        if !self.kind.is_empty() {
            struct_ser.serialize_field("kind", &self.kind)?;
        }
        if !self.model.is_empty() {
            struct_ser.serialize_field("model", &self.model)?;
        }
        if self.lifetime != 0 {
            let v = Lifetime::try_from(self.lifetime)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.lifetime)))?;
            struct_ser.serialize_field("lifetime", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateAgentRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "name",
            "persona",
            "kind",
            "model",
            "lifetime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            Name,
            Persona,
            Kind,
            Model,
            Lifetime,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "name" => Ok(GeneratedField::Name),
                            "persona" => Ok(GeneratedField::Persona),
                            "kind" => Ok(GeneratedField::Kind),
                            "model" => Ok(GeneratedField::Model),
                            "lifetime" => Ok(GeneratedField::Lifetime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateAgentRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CreateAgentRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateAgentRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut name__ = None;
                let mut persona__ = None;
                let mut kind__ = None;
                let mut model__ = None;
                let mut lifetime__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Persona => {
                            if persona__.is_some() {
                                return Err(serde::de::Error::duplicate_field("persona"));
                            }
                            persona__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Model => {
                            if model__.is_some() {
                                return Err(serde::de::Error::duplicate_field("model"));
                            }
                            model__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Lifetime => {
                            if lifetime__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lifetime"));
                            }
                            lifetime__ = Some(map_.next_value::<Lifetime>()? as i32);
                        }
                    }
                }
                Ok(CreateAgentRequest {
                    project: project__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    persona: persona__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    model: model__.unwrap_or_default(),
                    lifetime: lifetime__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CreateAgentRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateIssueRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.body.is_empty() {
            len += 1;
        }
        if !self.labels.is_empty() {
            len += 1;
        }
        if !self.parent.is_empty() {
            len += 1;
        }
        if self.priority != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CreateIssueRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.body.is_empty() {
            struct_ser.serialize_field("body", &self.body)?;
        }
        if !self.labels.is_empty() {
            struct_ser.serialize_field("labels", &self.labels)?;
        }
        if !self.parent.is_empty() {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if self.priority != 0 {
            let v = Priority::try_from(self.priority)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.priority)))?;
            struct_ser.serialize_field("priority", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateIssueRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "title",
            "body",
            "labels",
            "parent",
            "priority",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            Title,
            Body,
            Labels,
            Parent,
            Priority,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "title" => Ok(GeneratedField::Title),
                            "body" => Ok(GeneratedField::Body),
                            "labels" => Ok(GeneratedField::Labels),
                            "parent" => Ok(GeneratedField::Parent),
                            "priority" => Ok(GeneratedField::Priority),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateIssueRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CreateIssueRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateIssueRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut title__ = None;
                let mut body__ = None;
                let mut labels__ = None;
                let mut parent__ = None;
                let mut priority__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Body => {
                            if body__.is_some() {
                                return Err(serde::de::Error::duplicate_field("body"));
                            }
                            body__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Labels => {
                            if labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("labels"));
                            }
                            labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Priority => {
                            if priority__.is_some() {
                                return Err(serde::de::Error::duplicate_field("priority"));
                            }
                            priority__ = Some(map_.next_value::<Priority>()? as i32);
                        }
                    }
                }
                Ok(CreateIssueRequest {
                    project: project__.unwrap_or_default(),
                    title: title__.unwrap_or_default(),
                    body: body__.unwrap_or_default(),
                    labels: labels__.unwrap_or_default(),
                    parent: parent__.unwrap_or_default(),
                    priority: priority__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CreateIssueRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateProjectRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        if !self.directories.is_empty() {
            len += 1;
        }
        if !self.theme.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CreateProjectRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        if !self.directories.is_empty() {
            struct_ser.serialize_field("directories", &self.directories)?;
        }
        if !self.theme.is_empty() {
            struct_ser.serialize_field("theme", &self.theme)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateProjectRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "repos",
            "directories",
            "theme",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Repos,
            Directories,
            Theme,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "repos" => Ok(GeneratedField::Repos),
                            "directories" => Ok(GeneratedField::Directories),
                            "theme" => Ok(GeneratedField::Theme),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateProjectRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CreateProjectRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateProjectRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut repos__ = None;
                let mut directories__ = None;
                let mut theme__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Directories => {
                            if directories__.is_some() {
                                return Err(serde::de::Error::duplicate_field("directories"));
                            }
                            directories__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Theme => {
                            if theme__.is_some() {
                                return Err(serde::de::Error::duplicate_field("theme"));
                            }
                            theme__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CreateProjectRequest {
                    name: name__.unwrap_or_default(),
                    repos: repos__.unwrap_or_default(),
                    directories: directories__.unwrap_or_default(),
                    theme: theme__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CreateProjectRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateWorkstreamRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue.is_empty() {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.CreateWorkstreamRequest", len)?;
        if !self.issue.is_empty() {
            struct_ser.serialize_field("issue", &self.issue)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateWorkstreamRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue",
            "agent",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issue,
            Agent,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issue" => Ok(GeneratedField::Issue),
                            "agent" => Ok(GeneratedField::Agent),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateWorkstreamRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.CreateWorkstreamRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateWorkstreamRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue__ = None;
                let mut agent__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issue => {
                            if issue__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issue"));
                            }
                            issue__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CreateWorkstreamRequest {
                    issue: issue__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.CreateWorkstreamRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DecideProposalRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.proposal.is_empty() {
            len += 1;
        }
        if self.decision != 0 {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DecideProposalRequest", len)?;
        if !self.proposal.is_empty() {
            struct_ser.serialize_field("proposal", &self.proposal)?;
        }
        if self.decision != 0 {
            let v = ProposalDecision::try_from(self.decision)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.decision)))?;
            struct_ser.serialize_field("decision", &v)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DecideProposalRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposal",
            "decision",
            "agent",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Proposal,
            Decision,
            Agent,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposal" => Ok(GeneratedField::Proposal),
                            "decision" => Ok(GeneratedField::Decision),
                            "agent" => Ok(GeneratedField::Agent),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DecideProposalRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DecideProposalRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DecideProposalRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposal__ = None;
                let mut decision__ = None;
                let mut agent__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Proposal => {
                            if proposal__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposal"));
                            }
                            proposal__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Decision => {
                            if decision__.is_some() {
                                return Err(serde::de::Error::duplicate_field("decision"));
                            }
                            decision__ = Some(map_.next_value::<ProposalDecision>()? as i32);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(DecideProposalRequest {
                    proposal: proposal__.unwrap_or_default(),
                    decision: decision__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DecideProposalRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DecideProposalResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.proposal.is_some() {
            len += 1;
        }
        if self.workstream.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DecideProposalResponse", len)?;
        if let Some(v) = self.proposal.as_ref() {
            struct_ser.serialize_field("proposal", v)?;
        }
        if let Some(v) = self.workstream.as_ref() {
            struct_ser.serialize_field("workstream", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DecideProposalResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposal",
            "workstream",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Proposal,
            Workstream,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposal" => Ok(GeneratedField::Proposal),
                            "workstream" => Ok(GeneratedField::Workstream),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DecideProposalResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DecideProposalResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DecideProposalResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposal__ = None;
                let mut workstream__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Proposal => {
                            if proposal__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposal"));
                            }
                            proposal__ = map_.next_value()?;
                        }
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = map_.next_value()?;
                        }
                    }
                }
                Ok(DecideProposalResponse {
                    proposal: proposal__,
                    workstream: workstream__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DecideProposalResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteSecretRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DeleteSecretRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteSecretRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteSecretRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DeleteSecretRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteSecretRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(DeleteSecretRequest {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DeleteSecretRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteSecretResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.DeleteSecretResponse", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteSecretResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteSecretResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DeleteSecretResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteSecretResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(DeleteSecretResponse {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DeleteSecretResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DiffCommit {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.sha.is_empty() {
            len += 1;
        }
        if !self.subject.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DiffCommit", len)?;
        if !self.sha.is_empty() {
            struct_ser.serialize_field("sha", &self.sha)?;
        }
        if !self.subject.is_empty() {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DiffCommit {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "sha",
            "subject",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Sha,
            Subject,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sha" => Ok(GeneratedField::Sha),
                            "subject" => Ok(GeneratedField::Subject),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DiffCommit;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DiffCommit")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DiffCommit, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut sha__ = None;
                let mut subject__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Sha => {
                            if sha__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sha"));
                            }
                            sha__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(DiffCommit {
                    sha: sha__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DiffCommit", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DispatcherStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.doing.is_empty() {
            len += 1;
        }
        if !self.blocked.is_empty() {
            len += 1;
        }
        if !self.waiting.is_empty() {
            len += 1;
        }
        if self.unassigned != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DispatcherStatus", len)?;
        if !self.doing.is_empty() {
            struct_ser.serialize_field("doing", &self.doing)?;
        }
        if !self.blocked.is_empty() {
            struct_ser.serialize_field("blocked", &self.blocked)?;
        }
        if !self.waiting.is_empty() {
            struct_ser.serialize_field("waiting", &self.waiting)?;
        }
        if self.unassigned != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("unassigned", ToString::to_string(&self.unassigned).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DispatcherStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "doing",
            "blocked",
            "waiting",
            "unassigned",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Doing,
            Blocked,
            Waiting,
            Unassigned,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "doing" => Ok(GeneratedField::Doing),
                            "blocked" => Ok(GeneratedField::Blocked),
                            "waiting" => Ok(GeneratedField::Waiting),
                            "unassigned" => Ok(GeneratedField::Unassigned),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DispatcherStatus;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DispatcherStatus")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DispatcherStatus, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut doing__ = None;
                let mut blocked__ = None;
                let mut waiting__ = None;
                let mut unassigned__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Doing => {
                            if doing__.is_some() {
                                return Err(serde::de::Error::duplicate_field("doing"));
                            }
                            doing__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Blocked => {
                            if blocked__.is_some() {
                                return Err(serde::de::Error::duplicate_field("blocked"));
                            }
                            blocked__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Waiting => {
                            if waiting__.is_some() {
                                return Err(serde::de::Error::duplicate_field("waiting"));
                            }
                            waiting__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Unassigned => {
                            if unassigned__.is_some() {
                                return Err(serde::de::Error::duplicate_field("unassigned"));
                            }
                            unassigned__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(DispatcherStatus {
                    doing: doing__.unwrap_or_default(),
                    blocked: blocked__.unwrap_or_default(),
                    waiting: waiting__.unwrap_or_default(),
                    unassigned: unassigned__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DispatcherStatus", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DispatcherWork {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.branch.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.DispatcherWork", len)?;
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.branch.is_empty() {
            struct_ser.serialize_field("branch", &self.branch)?;
        }
        if self.state != 0 {
            let v = WorkstreamState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DispatcherWork {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue_key",
            "issueKey",
            "title",
            "branch",
            "state",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IssueKey,
            Title,
            Branch,
            State,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "title" => Ok(GeneratedField::Title),
                            "branch" => Ok(GeneratedField::Branch),
                            "state" => Ok(GeneratedField::State),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DispatcherWork;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.DispatcherWork")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DispatcherWork, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue_key__ = None;
                let mut title__ = None;
                let mut branch__ = None;
                let mut state__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Branch => {
                            if branch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("branch"));
                            }
                            branch__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                    }
                }
                Ok(DispatcherWork {
                    issue_key: issue_key__.unwrap_or_default(),
                    title: title__.unwrap_or_default(),
                    branch: branch__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.DispatcherWork", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Event {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.seq != 0 {
            len += 1;
        }
        if self.at_ms != 0 {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.tool_call_id.is_empty() {
            len += 1;
        }
        if self.kind.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Event", len)?;
        if self.seq != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("seq", ToString::to_string(&self.seq).as_str())?;
        }
        if self.at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("atMs", ToString::to_string(&self.at_ms).as_str())?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.tool_call_id.is_empty() {
            struct_ser.serialize_field("toolCallId", &self.tool_call_id)?;
        }
        if let Some(v) = self.kind.as_ref() {
            match v {
                event::Kind::ProjectCreated(v) => {
                    struct_ser.serialize_field("projectCreated", v)?;
                }
                event::Kind::ThemeAdded(v) => {
                    struct_ser.serialize_field("themeAdded", v)?;
                }
                event::Kind::AgentCreated(v) => {
                    struct_ser.serialize_field("agentCreated", v)?;
                }
                event::Kind::AgentStatusChanged(v) => {
                    struct_ser.serialize_field("agentStatusChanged", v)?;
                }
                event::Kind::AgentRetired(v) => {
                    struct_ser.serialize_field("agentRetired", v)?;
                }
                event::Kind::IssueCreated(v) => {
                    struct_ser.serialize_field("issueCreated", v)?;
                }
                event::Kind::WorkstreamCreated(v) => {
                    struct_ser.serialize_field("workstreamCreated", v)?;
                }
                event::Kind::WorkstreamStateChanged(v) => {
                    struct_ser.serialize_field("workstreamStateChanged", v)?;
                }
                event::Kind::AgentUpdate(v) => {
                    struct_ser.serialize_field("agentUpdate", v)?;
                }
                event::Kind::GateDecision(v) => {
                    struct_ser.serialize_field("gateDecision", v)?;
                }
                event::Kind::Marker(v) => {
                    struct_ser.serialize_field("marker", v)?;
                }
                event::Kind::WardenChanged(v) => {
                    struct_ser.serialize_field("wardenChanged", v)?;
                }
                event::Kind::SecretSet(v) => {
                    struct_ser.serialize_field("secretSet", v)?;
                }
                event::Kind::SecretDeleted(v) => {
                    struct_ser.serialize_field("secretDeleted", v)?;
                }
                event::Kind::SecretsDelivered(v) => {
                    struct_ser.serialize_field("secretsDelivered", v)?;
                }
                event::Kind::SourceAdded(v) => {
                    struct_ser.serialize_field("sourceAdded", v)?;
                }
                event::Kind::SourceRemoved(v) => {
                    struct_ser.serialize_field("sourceRemoved", v)?;
                }
                event::Kind::SourceSynced(v) => {
                    struct_ser.serialize_field("sourceSynced", v)?;
                }
                event::Kind::SourceFailed(v) => {
                    struct_ser.serialize_field("sourceFailed", v)?;
                }
                event::Kind::IssueUpdated(v) => {
                    struct_ser.serialize_field("issueUpdated", v)?;
                }
                event::Kind::SourceWriteback(v) => {
                    struct_ser.serialize_field("sourceWriteback", v)?;
                }
                event::Kind::WorkstreamMerged(v) => {
                    struct_ser.serialize_field("workstreamMerged", v)?;
                }
                event::Kind::MergeCheckFailed(v) => {
                    struct_ser.serialize_field("mergeCheckFailed", v)?;
                }
                event::Kind::McpCallRefused(v) => {
                    struct_ser.serialize_field("mcpCallRefused", v)?;
                }
                event::Kind::ReadyForPush(v) => {
                    struct_ser.serialize_field("readyForPush", v)?;
                }
                event::Kind::RepoPushChanged(v) => {
                    struct_ser.serialize_field("repoPushChanged", v)?;
                }
                event::Kind::AskOpened(v) => {
                    struct_ser.serialize_field("askOpened", v)?;
                }
                event::Kind::AskAnswered(v) => {
                    struct_ser.serialize_field("askAnswered", v)?;
                }
                event::Kind::QueueUpdated(v) => {
                    struct_ser.serialize_field("queueUpdated", v)?;
                }
                event::Kind::PullRequestOpened(v) => {
                    struct_ser.serialize_field("pullRequestOpened", v)?;
                }
                event::Kind::ForgeFeedback(v) => {
                    struct_ser.serialize_field("forgeFeedback", v)?;
                }
                event::Kind::ForgeFailed(v) => {
                    struct_ser.serialize_field("forgeFailed", v)?;
                }
                event::Kind::PullRequestStateChanged(v) => {
                    struct_ser.serialize_field("pullRequestStateChanged", v)?;
                }
                event::Kind::ProposalMade(v) => {
                    struct_ser.serialize_field("proposalMade", v)?;
                }
                event::Kind::ProposalDecided(v) => {
                    struct_ser.serialize_field("proposalDecided", v)?;
                }
                event::Kind::WorkstreamsOverlap(v) => {
                    struct_ser.serialize_field("workstreamsOverlap", v)?;
                }
                event::Kind::WorkstreamsOverlapEnded(v) => {
                    struct_ser.serialize_field("workstreamsOverlapEnded", v)?;
                }
                event::Kind::ShellOpened(v) => {
                    struct_ser.serialize_field("shellOpened", v)?;
                }
                event::Kind::ShellClosed(v) => {
                    struct_ser.serialize_field("shellClosed", v)?;
                }
                event::Kind::ProposalStale(v) => {
                    struct_ser.serialize_field("proposalStale", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Event {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "seq",
            "at_ms",
            "atMs",
            "project_id",
            "projectId",
            "agent_id",
            "agentId",
            "workstream_id",
            "workstreamId",
            "tool_call_id",
            "toolCallId",
            "project_created",
            "projectCreated",
            "theme_added",
            "themeAdded",
            "agent_created",
            "agentCreated",
            "agent_status_changed",
            "agentStatusChanged",
            "agent_retired",
            "agentRetired",
            "issue_created",
            "issueCreated",
            "workstream_created",
            "workstreamCreated",
            "workstream_state_changed",
            "workstreamStateChanged",
            "agent_update",
            "agentUpdate",
            "gate_decision",
            "gateDecision",
            "marker",
            "warden_changed",
            "wardenChanged",
            "secret_set",
            "secretSet",
            "secret_deleted",
            "secretDeleted",
            "secrets_delivered",
            "secretsDelivered",
            "source_added",
            "sourceAdded",
            "source_removed",
            "sourceRemoved",
            "source_synced",
            "sourceSynced",
            "source_failed",
            "sourceFailed",
            "issue_updated",
            "issueUpdated",
            "source_writeback",
            "sourceWriteback",
            "workstream_merged",
            "workstreamMerged",
            "merge_check_failed",
            "mergeCheckFailed",
            "mcp_call_refused",
            "mcpCallRefused",
            "ready_for_push",
            "readyForPush",
            "repo_push_changed",
            "repoPushChanged",
            "ask_opened",
            "askOpened",
            "ask_answered",
            "askAnswered",
            "queue_updated",
            "queueUpdated",
            "pull_request_opened",
            "pullRequestOpened",
            "forge_feedback",
            "forgeFeedback",
            "forge_failed",
            "forgeFailed",
            "pull_request_state_changed",
            "pullRequestStateChanged",
            "proposal_made",
            "proposalMade",
            "proposal_decided",
            "proposalDecided",
            "workstreams_overlap",
            "workstreamsOverlap",
            "workstreams_overlap_ended",
            "workstreamsOverlapEnded",
            "shell_opened",
            "shellOpened",
            "shell_closed",
            "shellClosed",
            "proposal_stale",
            "proposalStale",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Seq,
            AtMs,
            ProjectId,
            AgentId,
            WorkstreamId,
            ToolCallId,
            ProjectCreated,
            ThemeAdded,
            AgentCreated,
            AgentStatusChanged,
            AgentRetired,
            IssueCreated,
            WorkstreamCreated,
            WorkstreamStateChanged,
            AgentUpdate,
            GateDecision,
            Marker,
            WardenChanged,
            SecretSet,
            SecretDeleted,
            SecretsDelivered,
            SourceAdded,
            SourceRemoved,
            SourceSynced,
            SourceFailed,
            IssueUpdated,
            SourceWriteback,
            WorkstreamMerged,
            MergeCheckFailed,
            McpCallRefused,
            ReadyForPush,
            RepoPushChanged,
            AskOpened,
            AskAnswered,
            QueueUpdated,
            PullRequestOpened,
            ForgeFeedback,
            ForgeFailed,
            PullRequestStateChanged,
            ProposalMade,
            ProposalDecided,
            WorkstreamsOverlap,
            WorkstreamsOverlapEnded,
            ShellOpened,
            ShellClosed,
            ProposalStale,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "seq" => Ok(GeneratedField::Seq),
                            "atMs" | "at_ms" => Ok(GeneratedField::AtMs),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "toolCallId" | "tool_call_id" => Ok(GeneratedField::ToolCallId),
                            "projectCreated" | "project_created" => Ok(GeneratedField::ProjectCreated),
                            "themeAdded" | "theme_added" => Ok(GeneratedField::ThemeAdded),
                            "agentCreated" | "agent_created" => Ok(GeneratedField::AgentCreated),
                            "agentStatusChanged" | "agent_status_changed" => Ok(GeneratedField::AgentStatusChanged),
                            "agentRetired" | "agent_retired" => Ok(GeneratedField::AgentRetired),
                            "issueCreated" | "issue_created" => Ok(GeneratedField::IssueCreated),
                            "workstreamCreated" | "workstream_created" => Ok(GeneratedField::WorkstreamCreated),
                            "workstreamStateChanged" | "workstream_state_changed" => Ok(GeneratedField::WorkstreamStateChanged),
                            "agentUpdate" | "agent_update" => Ok(GeneratedField::AgentUpdate),
                            "gateDecision" | "gate_decision" => Ok(GeneratedField::GateDecision),
                            "marker" => Ok(GeneratedField::Marker),
                            "wardenChanged" | "warden_changed" => Ok(GeneratedField::WardenChanged),
                            "secretSet" | "secret_set" => Ok(GeneratedField::SecretSet),
                            "secretDeleted" | "secret_deleted" => Ok(GeneratedField::SecretDeleted),
                            "secretsDelivered" | "secrets_delivered" => Ok(GeneratedField::SecretsDelivered),
                            "sourceAdded" | "source_added" => Ok(GeneratedField::SourceAdded),
                            "sourceRemoved" | "source_removed" => Ok(GeneratedField::SourceRemoved),
                            "sourceSynced" | "source_synced" => Ok(GeneratedField::SourceSynced),
                            "sourceFailed" | "source_failed" => Ok(GeneratedField::SourceFailed),
                            "issueUpdated" | "issue_updated" => Ok(GeneratedField::IssueUpdated),
                            "sourceWriteback" | "source_writeback" => Ok(GeneratedField::SourceWriteback),
                            "workstreamMerged" | "workstream_merged" => Ok(GeneratedField::WorkstreamMerged),
                            "mergeCheckFailed" | "merge_check_failed" => Ok(GeneratedField::MergeCheckFailed),
                            "mcpCallRefused" | "mcp_call_refused" => Ok(GeneratedField::McpCallRefused),
                            "readyForPush" | "ready_for_push" => Ok(GeneratedField::ReadyForPush),
                            "repoPushChanged" | "repo_push_changed" => Ok(GeneratedField::RepoPushChanged),
                            "askOpened" | "ask_opened" => Ok(GeneratedField::AskOpened),
                            "askAnswered" | "ask_answered" => Ok(GeneratedField::AskAnswered),
                            "queueUpdated" | "queue_updated" => Ok(GeneratedField::QueueUpdated),
                            "pullRequestOpened" | "pull_request_opened" => Ok(GeneratedField::PullRequestOpened),
                            "forgeFeedback" | "forge_feedback" => Ok(GeneratedField::ForgeFeedback),
                            "forgeFailed" | "forge_failed" => Ok(GeneratedField::ForgeFailed),
                            "pullRequestStateChanged" | "pull_request_state_changed" => Ok(GeneratedField::PullRequestStateChanged),
                            "proposalMade" | "proposal_made" => Ok(GeneratedField::ProposalMade),
                            "proposalDecided" | "proposal_decided" => Ok(GeneratedField::ProposalDecided),
                            "workstreamsOverlap" | "workstreams_overlap" => Ok(GeneratedField::WorkstreamsOverlap),
                            "workstreamsOverlapEnded" | "workstreams_overlap_ended" => Ok(GeneratedField::WorkstreamsOverlapEnded),
                            "shellOpened" | "shell_opened" => Ok(GeneratedField::ShellOpened),
                            "shellClosed" | "shell_closed" => Ok(GeneratedField::ShellClosed),
                            "proposalStale" | "proposal_stale" => Ok(GeneratedField::ProposalStale),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Event;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Event")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Event, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut seq__ = None;
                let mut at_ms__ = None;
                let mut project_id__ = None;
                let mut agent_id__ = None;
                let mut workstream_id__ = None;
                let mut tool_call_id__ = None;
                let mut kind__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Seq => {
                            if seq__.is_some() {
                                return Err(serde::de::Error::duplicate_field("seq"));
                            }
                            seq__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::AtMs => {
                            if at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("atMs"));
                            }
                            at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ToolCallId => {
                            if tool_call_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("toolCallId"));
                            }
                            tool_call_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectCreated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectCreated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ProjectCreated)
;
                        }
                        GeneratedField::ThemeAdded => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("themeAdded"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ThemeAdded)
;
                        }
                        GeneratedField::AgentCreated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentCreated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AgentCreated)
;
                        }
                        GeneratedField::AgentStatusChanged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentStatusChanged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AgentStatusChanged)
;
                        }
                        GeneratedField::AgentRetired => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentRetired"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AgentRetired)
;
                        }
                        GeneratedField::IssueCreated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueCreated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::IssueCreated)
;
                        }
                        GeneratedField::WorkstreamCreated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamCreated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WorkstreamCreated)
;
                        }
                        GeneratedField::WorkstreamStateChanged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamStateChanged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WorkstreamStateChanged)
;
                        }
                        GeneratedField::AgentUpdate => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentUpdate"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AgentUpdate)
;
                        }
                        GeneratedField::GateDecision => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gateDecision"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::GateDecision)
;
                        }
                        GeneratedField::Marker => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("marker"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::Marker)
;
                        }
                        GeneratedField::WardenChanged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("wardenChanged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WardenChanged)
;
                        }
                        GeneratedField::SecretSet => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secretSet"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SecretSet)
;
                        }
                        GeneratedField::SecretDeleted => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secretDeleted"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SecretDeleted)
;
                        }
                        GeneratedField::SecretsDelivered => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secretsDelivered"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SecretsDelivered)
;
                        }
                        GeneratedField::SourceAdded => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceAdded"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SourceAdded)
;
                        }
                        GeneratedField::SourceRemoved => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceRemoved"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SourceRemoved)
;
                        }
                        GeneratedField::SourceSynced => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceSynced"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SourceSynced)
;
                        }
                        GeneratedField::SourceFailed => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceFailed"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SourceFailed)
;
                        }
                        GeneratedField::IssueUpdated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueUpdated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::IssueUpdated)
;
                        }
                        GeneratedField::SourceWriteback => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceWriteback"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::SourceWriteback)
;
                        }
                        GeneratedField::WorkstreamMerged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamMerged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WorkstreamMerged)
;
                        }
                        GeneratedField::MergeCheckFailed => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mergeCheckFailed"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::MergeCheckFailed)
;
                        }
                        GeneratedField::McpCallRefused => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("mcpCallRefused"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::McpCallRefused)
;
                        }
                        GeneratedField::ReadyForPush => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("readyForPush"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ReadyForPush)
;
                        }
                        GeneratedField::RepoPushChanged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repoPushChanged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::RepoPushChanged)
;
                        }
                        GeneratedField::AskOpened => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("askOpened"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AskOpened)
;
                        }
                        GeneratedField::AskAnswered => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("askAnswered"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::AskAnswered)
;
                        }
                        GeneratedField::QueueUpdated => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueUpdated"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::QueueUpdated)
;
                        }
                        GeneratedField::PullRequestOpened => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pullRequestOpened"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::PullRequestOpened)
;
                        }
                        GeneratedField::ForgeFeedback => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forgeFeedback"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ForgeFeedback)
;
                        }
                        GeneratedField::ForgeFailed => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forgeFailed"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ForgeFailed)
;
                        }
                        GeneratedField::PullRequestStateChanged => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pullRequestStateChanged"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::PullRequestStateChanged)
;
                        }
                        GeneratedField::ProposalMade => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposalMade"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ProposalMade)
;
                        }
                        GeneratedField::ProposalDecided => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposalDecided"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ProposalDecided)
;
                        }
                        GeneratedField::WorkstreamsOverlap => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamsOverlap"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WorkstreamsOverlap)
;
                        }
                        GeneratedField::WorkstreamsOverlapEnded => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamsOverlapEnded"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::WorkstreamsOverlapEnded)
;
                        }
                        GeneratedField::ShellOpened => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("shellOpened"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ShellOpened)
;
                        }
                        GeneratedField::ShellClosed => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("shellClosed"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ShellClosed)
;
                        }
                        GeneratedField::ProposalStale => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposalStale"));
                            }
                            kind__ = map_.next_value::<::std::option::Option<_>>()?.map(event::Kind::ProposalStale)
;
                        }
                    }
                }
                Ok(Event {
                    seq: seq__.unwrap_or_default(),
                    at_ms: at_ms__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                    tool_call_id: tool_call_id__.unwrap_or_default(),
                    kind: kind__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Event", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Finding {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.detector.is_empty() {
            len += 1;
        }
        if self.severity != 0 {
            len += 1;
        }
        if !self.explanation.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Finding", len)?;
        if !self.detector.is_empty() {
            struct_ser.serialize_field("detector", &self.detector)?;
        }
        if self.severity != 0 {
            let v = Severity::try_from(self.severity)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.severity)))?;
            struct_ser.serialize_field("severity", &v)?;
        }
        if !self.explanation.is_empty() {
            struct_ser.serialize_field("explanation", &self.explanation)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Finding {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "detector",
            "severity",
            "explanation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Detector,
            Severity,
            Explanation,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "detector" => Ok(GeneratedField::Detector),
                            "severity" => Ok(GeneratedField::Severity),
                            "explanation" => Ok(GeneratedField::Explanation),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Finding;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Finding")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Finding, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut detector__ = None;
                let mut severity__ = None;
                let mut explanation__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Detector => {
                            if detector__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detector"));
                            }
                            detector__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Severity => {
                            if severity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("severity"));
                            }
                            severity__ = Some(map_.next_value::<Severity>()? as i32);
                        }
                        GeneratedField::Explanation => {
                            if explanation__.is_some() {
                                return Err(serde::de::Error::duplicate_field("explanation"));
                            }
                            explanation__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Finding {
                    detector: detector__.unwrap_or_default(),
                    severity: severity__.unwrap_or_default(),
                    explanation: explanation__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Finding", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ForgeFailed {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.number != 0 {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ForgeFailed", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.number != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("number", ToString::to_string(&self.number).as_str())?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ForgeFailed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repo",
            "number",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repo,
            Number,
            Error,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repo" => Ok(GeneratedField::Repo),
                            "number" => Ok(GeneratedField::Number),
                            "error" => Ok(GeneratedField::Error),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ForgeFailed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ForgeFailed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ForgeFailed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repo__ = None;
                let mut number__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Number => {
                            if number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("number"));
                            }
                            number__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ForgeFailed {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    number: number__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ForgeFailed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ForgeFeedback {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.number != 0 {
            len += 1;
        }
        if self.comments != 0 {
            len += 1;
        }
        if self.failing_checks != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ForgeFeedback", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.number != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("number", ToString::to_string(&self.number).as_str())?;
        }
        if self.comments != 0 {
            struct_ser.serialize_field("comments", &self.comments)?;
        }
        if self.failing_checks != 0 {
            struct_ser.serialize_field("failingChecks", &self.failing_checks)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ForgeFeedback {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repo",
            "number",
            "comments",
            "failing_checks",
            "failingChecks",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repo,
            Number,
            Comments,
            FailingChecks,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repo" => Ok(GeneratedField::Repo),
                            "number" => Ok(GeneratedField::Number),
                            "comments" => Ok(GeneratedField::Comments),
                            "failingChecks" | "failing_checks" => Ok(GeneratedField::FailingChecks),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ForgeFeedback;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ForgeFeedback")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ForgeFeedback, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repo__ = None;
                let mut number__ = None;
                let mut comments__ = None;
                let mut failing_checks__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Number => {
                            if number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("number"));
                            }
                            number__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Comments => {
                            if comments__.is_some() {
                                return Err(serde::de::Error::duplicate_field("comments"));
                            }
                            comments__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::FailingChecks => {
                            if failing_checks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("failingChecks"));
                            }
                            failing_checks__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(ForgeFeedback {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    number: number__.unwrap_or_default(),
                    comments: comments__.unwrap_or_default(),
                    failing_checks: failing_checks__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ForgeFeedback", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GateDecision {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.gate.is_empty() {
            len += 1;
        }
        if !self.source.is_empty() {
            len += 1;
        }
        if !self.decision.is_empty() {
            len += 1;
        }
        if !self.detail.is_empty() {
            len += 1;
        }
        if !self.findings.is_empty() {
            len += 1;
        }
        if self.latency_us != 0 {
            len += 1;
        }
        if !self.hash.is_empty() {
            len += 1;
        }
        if !self.route.is_empty() {
            len += 1;
        }
        if !self.excerpt.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GateDecision", len)?;
        if !self.gate.is_empty() {
            struct_ser.serialize_field("gate", &self.gate)?;
        }
        if !self.source.is_empty() {
            struct_ser.serialize_field("source", &self.source)?;
        }
        if !self.decision.is_empty() {
            struct_ser.serialize_field("decision", &self.decision)?;
        }
        if !self.detail.is_empty() {
            struct_ser.serialize_field("detail", &self.detail)?;
        }
        if !self.findings.is_empty() {
            struct_ser.serialize_field("findings", &self.findings)?;
        }
        if self.latency_us != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("latencyUs", ToString::to_string(&self.latency_us).as_str())?;
        }
        if !self.hash.is_empty() {
            struct_ser.serialize_field("hash", &self.hash)?;
        }
        if !self.route.is_empty() {
            struct_ser.serialize_field("route", &self.route)?;
        }
        if !self.excerpt.is_empty() {
            struct_ser.serialize_field("excerpt", &self.excerpt)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GateDecision {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "gate",
            "source",
            "decision",
            "detail",
            "findings",
            "latency_us",
            "latencyUs",
            "hash",
            "route",
            "excerpt",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Gate,
            Source,
            Decision,
            Detail,
            Findings,
            LatencyUs,
            Hash,
            Route,
            Excerpt,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "gate" => Ok(GeneratedField::Gate),
                            "source" => Ok(GeneratedField::Source),
                            "decision" => Ok(GeneratedField::Decision),
                            "detail" => Ok(GeneratedField::Detail),
                            "findings" => Ok(GeneratedField::Findings),
                            "latencyUs" | "latency_us" => Ok(GeneratedField::LatencyUs),
                            "hash" => Ok(GeneratedField::Hash),
                            "route" => Ok(GeneratedField::Route),
                            "excerpt" => Ok(GeneratedField::Excerpt),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GateDecision;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GateDecision")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GateDecision, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut gate__ = None;
                let mut source__ = None;
                let mut decision__ = None;
                let mut detail__ = None;
                let mut findings__ = None;
                let mut latency_us__ = None;
                let mut hash__ = None;
                let mut route__ = None;
                let mut excerpt__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Gate => {
                            if gate__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gate"));
                            }
                            gate__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Decision => {
                            if decision__.is_some() {
                                return Err(serde::de::Error::duplicate_field("decision"));
                            }
                            decision__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Detail => {
                            if detail__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detail"));
                            }
                            detail__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Findings => {
                            if findings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("findings"));
                            }
                            findings__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LatencyUs => {
                            if latency_us__.is_some() {
                                return Err(serde::de::Error::duplicate_field("latencyUs"));
                            }
                            latency_us__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Hash => {
                            if hash__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hash"));
                            }
                            hash__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Route => {
                            if route__.is_some() {
                                return Err(serde::de::Error::duplicate_field("route"));
                            }
                            route__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Excerpt => {
                            if excerpt__.is_some() {
                                return Err(serde::de::Error::duplicate_field("excerpt"));
                            }
                            excerpt__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GateDecision {
                    gate: gate__.unwrap_or_default(),
                    source: source__.unwrap_or_default(),
                    decision: decision__.unwrap_or_default(),
                    detail: detail__.unwrap_or_default(),
                    findings: findings__.unwrap_or_default(),
                    latency_us: latency_us__.unwrap_or_default(),
                    hash: hash__.unwrap_or_default(),
                    route: route__.unwrap_or_default(),
                    excerpt: excerpt__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GateDecision", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GatewayScheme {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "GATEWAY_SCHEME_UNSPECIFIED",
            Self::Bearer => "GATEWAY_SCHEME_BEARER",
            Self::XApiKey => "GATEWAY_SCHEME_X_API_KEY",
            Self::XGoogApiKey => "GATEWAY_SCHEME_X_GOOG_API_KEY",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for GatewayScheme {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "GATEWAY_SCHEME_UNSPECIFIED",
            "GATEWAY_SCHEME_BEARER",
            "GATEWAY_SCHEME_X_API_KEY",
            "GATEWAY_SCHEME_X_GOOG_API_KEY",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = GatewayScheme;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "GATEWAY_SCHEME_UNSPECIFIED" => Ok(GatewayScheme::Unspecified),
                    "GATEWAY_SCHEME_BEARER" => Ok(GatewayScheme::Bearer),
                    "GATEWAY_SCHEME_X_API_KEY" => Ok(GatewayScheme::XApiKey),
                    "GATEWAY_SCHEME_X_GOOG_API_KEY" => Ok(GatewayScheme::XGoogApiKey),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for GetAgentRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetAgentRequest", len)?;
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetAgentRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetAgentRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetAgentRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetAgentRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetAgentRequest {
                    agent: agent__.unwrap_or_default(),
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetAgentRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetBoardRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetBoardRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetBoardRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetBoardRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetBoardRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetBoardRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetBoardRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetBoardRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetDispatcherStatusRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetDispatcherStatusRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetDispatcherStatusRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetDispatcherStatusRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetDispatcherStatusRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetDispatcherStatusRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetDispatcherStatusRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetDispatcherStatusRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetIssueRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetIssueRequest", len)?;
        if !self.issue.is_empty() {
            struct_ser.serialize_field("issue", &self.issue)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetIssueRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issue,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issue" => Ok(GeneratedField::Issue),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetIssueRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetIssueRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetIssueRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issue => {
                            if issue__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issue"));
                            }
                            issue__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetIssueRequest {
                    issue: issue__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetIssueRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetProjectRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetProjectRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetProjectRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetProjectRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetProjectRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetProjectRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetProjectRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetProjectRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetStatusRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.GetStatusRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetStatusRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetStatusRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetStatusRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetStatusRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetStatusRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetStatusRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetStatusResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.version.is_empty() {
            len += 1;
        }
        if !self.data_dir.is_empty() {
            len += 1;
        }
        if self.pid != 0 {
            len += 1;
        }
        if self.last_seq != 0 {
            len += 1;
        }
        if !self.board_url.is_empty() {
            len += 1;
        }
        if self.warden_enabled {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetStatusResponse", len)?;
        if !self.version.is_empty() {
            struct_ser.serialize_field("version", &self.version)?;
        }
        if !self.data_dir.is_empty() {
            struct_ser.serialize_field("dataDir", &self.data_dir)?;
        }
        if self.pid != 0 {
            struct_ser.serialize_field("pid", &self.pid)?;
        }
        if self.last_seq != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("lastSeq", ToString::to_string(&self.last_seq).as_str())?;
        }
        if !self.board_url.is_empty() {
            struct_ser.serialize_field("boardUrl", &self.board_url)?;
        }
        if self.warden_enabled {
            struct_ser.serialize_field("wardenEnabled", &self.warden_enabled)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetStatusResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "version",
            "data_dir",
            "dataDir",
            "pid",
            "last_seq",
            "lastSeq",
            "board_url",
            "boardUrl",
            "warden_enabled",
            "wardenEnabled",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Version,
            DataDir,
            Pid,
            LastSeq,
            BoardUrl,
            WardenEnabled,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "version" => Ok(GeneratedField::Version),
                            "dataDir" | "data_dir" => Ok(GeneratedField::DataDir),
                            "pid" => Ok(GeneratedField::Pid),
                            "lastSeq" | "last_seq" => Ok(GeneratedField::LastSeq),
                            "boardUrl" | "board_url" => Ok(GeneratedField::BoardUrl),
                            "wardenEnabled" | "warden_enabled" => Ok(GeneratedField::WardenEnabled),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetStatusResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetStatusResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetStatusResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut version__ = None;
                let mut data_dir__ = None;
                let mut pid__ = None;
                let mut last_seq__ = None;
                let mut board_url__ = None;
                let mut warden_enabled__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Version => {
                            if version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("version"));
                            }
                            version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DataDir => {
                            if data_dir__.is_some() {
                                return Err(serde::de::Error::duplicate_field("dataDir"));
                            }
                            data_dir__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pid => {
                            if pid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pid"));
                            }
                            pid__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::LastSeq => {
                            if last_seq__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastSeq"));
                            }
                            last_seq__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::BoardUrl => {
                            if board_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("boardUrl"));
                            }
                            board_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WardenEnabled => {
                            if warden_enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("wardenEnabled"));
                            }
                            warden_enabled__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetStatusResponse {
                    version: version__.unwrap_or_default(),
                    data_dir: data_dir__.unwrap_or_default(),
                    pid: pid__.unwrap_or_default(),
                    last_seq: last_seq__.unwrap_or_default(),
                    board_url: board_url__.unwrap_or_default(),
                    warden_enabled: warden_enabled__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetStatusResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetWardenRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.GetWardenRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetWardenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetWardenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetWardenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetWardenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(GetWardenRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetWardenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetWorkstreamDiffRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetWorkstreamDiffRequest", len)?;
        if !self.workstream.is_empty() {
            struct_ser.serialize_field("workstream", &self.workstream)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetWorkstreamDiffRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstream,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstream" => Ok(GeneratedField::Workstream),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetWorkstreamDiffRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetWorkstreamDiffRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetWorkstreamDiffRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetWorkstreamDiffRequest {
                    workstream: workstream__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetWorkstreamDiffRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetWorkstreamRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.GetWorkstreamRequest", len)?;
        if !self.workstream.is_empty() {
            struct_ser.serialize_field("workstream", &self.workstream)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetWorkstreamRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstream,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstream" => Ok(GeneratedField::Workstream),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GetWorkstreamRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.GetWorkstreamRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetWorkstreamRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetWorkstreamRequest {
                    workstream: workstream__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.GetWorkstreamRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HookMatrix {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.pre_tool {
            len += 1;
        }
        if self.post_tool {
            len += 1;
        }
        if self.protocol != 0 {
            len += 1;
        }
        if !self.surface.is_empty() {
            len += 1;
        }
        if !self.gated_tools.is_empty() {
            len += 1;
        }
        if !self.ungated_tools.is_empty() {
            len += 1;
        }
        if !self.notes.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.HookMatrix", len)?;
        if self.pre_tool {
            struct_ser.serialize_field("preTool", &self.pre_tool)?;
        }
        if self.post_tool {
            struct_ser.serialize_field("postTool", &self.post_tool)?;
        }
        if self.protocol != 0 {
            let v = HookProtocol::try_from(self.protocol)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.protocol)))?;
            struct_ser.serialize_field("protocol", &v)?;
        }
        if !self.surface.is_empty() {
            struct_ser.serialize_field("surface", &self.surface)?;
        }
        if !self.gated_tools.is_empty() {
            struct_ser.serialize_field("gatedTools", &self.gated_tools)?;
        }
        if !self.ungated_tools.is_empty() {
            struct_ser.serialize_field("ungatedTools", &self.ungated_tools)?;
        }
        if !self.notes.is_empty() {
            struct_ser.serialize_field("notes", &self.notes)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for HookMatrix {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "pre_tool",
            "preTool",
            "post_tool",
            "postTool",
            "protocol",
            "surface",
            "gated_tools",
            "gatedTools",
            "ungated_tools",
            "ungatedTools",
            "notes",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            PreTool,
            PostTool,
            Protocol,
            Surface,
            GatedTools,
            UngatedTools,
            Notes,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "preTool" | "pre_tool" => Ok(GeneratedField::PreTool),
                            "postTool" | "post_tool" => Ok(GeneratedField::PostTool),
                            "protocol" => Ok(GeneratedField::Protocol),
                            "surface" => Ok(GeneratedField::Surface),
                            "gatedTools" | "gated_tools" => Ok(GeneratedField::GatedTools),
                            "ungatedTools" | "ungated_tools" => Ok(GeneratedField::UngatedTools),
                            "notes" => Ok(GeneratedField::Notes),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = HookMatrix;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.HookMatrix")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<HookMatrix, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut pre_tool__ = None;
                let mut post_tool__ = None;
                let mut protocol__ = None;
                let mut surface__ = None;
                let mut gated_tools__ = None;
                let mut ungated_tools__ = None;
                let mut notes__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::PreTool => {
                            if pre_tool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("preTool"));
                            }
                            pre_tool__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PostTool => {
                            if post_tool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("postTool"));
                            }
                            post_tool__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Protocol => {
                            if protocol__.is_some() {
                                return Err(serde::de::Error::duplicate_field("protocol"));
                            }
                            protocol__ = Some(map_.next_value::<HookProtocol>()? as i32);
                        }
                        GeneratedField::Surface => {
                            if surface__.is_some() {
                                return Err(serde::de::Error::duplicate_field("surface"));
                            }
                            surface__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GatedTools => {
                            if gated_tools__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gatedTools"));
                            }
                            gated_tools__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UngatedTools => {
                            if ungated_tools__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ungatedTools"));
                            }
                            ungated_tools__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Notes => {
                            if notes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("notes"));
                            }
                            notes__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(HookMatrix {
                    pre_tool: pre_tool__.unwrap_or_default(),
                    post_tool: post_tool__.unwrap_or_default(),
                    protocol: protocol__.unwrap_or_default(),
                    surface: surface__.unwrap_or_default(),
                    gated_tools: gated_tools__.unwrap_or_default(),
                    ungated_tools: ungated_tools__.unwrap_or_default(),
                    notes: notes__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.HookMatrix", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for HookProtocol {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "HOOK_PROTOCOL_UNSPECIFIED",
            Self::ClaudeCode => "HOOK_PROTOCOL_CLAUDE_CODE",
            Self::Codex => "HOOK_PROTOCOL_CODEX",
            Self::Gemini => "HOOK_PROTOCOL_GEMINI",
            Self::Opencode => "HOOK_PROTOCOL_OPENCODE",
            Self::Scripted => "HOOK_PROTOCOL_SCRIPTED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for HookProtocol {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "HOOK_PROTOCOL_UNSPECIFIED",
            "HOOK_PROTOCOL_CLAUDE_CODE",
            "HOOK_PROTOCOL_CODEX",
            "HOOK_PROTOCOL_GEMINI",
            "HOOK_PROTOCOL_OPENCODE",
            "HOOK_PROTOCOL_SCRIPTED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = HookProtocol;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "HOOK_PROTOCOL_UNSPECIFIED" => Ok(HookProtocol::Unspecified),
                    "HOOK_PROTOCOL_CLAUDE_CODE" => Ok(HookProtocol::ClaudeCode),
                    "HOOK_PROTOCOL_CODEX" => Ok(HookProtocol::Codex),
                    "HOOK_PROTOCOL_GEMINI" => Ok(HookProtocol::Gemini),
                    "HOOK_PROTOCOL_OPENCODE" => Ok(HookProtocol::Opencode),
                    "HOOK_PROTOCOL_SCRIPTED" => Ok(HookProtocol::Scripted),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for Issue {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.key.is_empty() {
            len += 1;
        }
        if !self.title.is_empty() {
            len += 1;
        }
        if !self.body.is_empty() {
            len += 1;
        }
        if !self.labels.is_empty() {
            len += 1;
        }
        if !self.parent_id.is_empty() {
            len += 1;
        }
        if self.priority != 0 {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Issue", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.key.is_empty() {
            struct_ser.serialize_field("key", &self.key)?;
        }
        if !self.title.is_empty() {
            struct_ser.serialize_field("title", &self.title)?;
        }
        if !self.body.is_empty() {
            struct_ser.serialize_field("body", &self.body)?;
        }
        if !self.labels.is_empty() {
            struct_ser.serialize_field("labels", &self.labels)?;
        }
        if !self.parent_id.is_empty() {
            struct_ser.serialize_field("parentId", &self.parent_id)?;
        }
        if self.priority != 0 {
            let v = Priority::try_from(self.priority)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.priority)))?;
            struct_ser.serialize_field("priority", &v)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Issue {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "project_id",
            "projectId",
            "key",
            "title",
            "body",
            "labels",
            "parent_id",
            "parentId",
            "priority",
            "created_at_ms",
            "createdAtMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            ProjectId,
            Key,
            Title,
            Body,
            Labels,
            ParentId,
            Priority,
            CreatedAtMs,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "key" => Ok(GeneratedField::Key),
                            "title" => Ok(GeneratedField::Title),
                            "body" => Ok(GeneratedField::Body),
                            "labels" => Ok(GeneratedField::Labels),
                            "parentId" | "parent_id" => Ok(GeneratedField::ParentId),
                            "priority" => Ok(GeneratedField::Priority),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Issue;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Issue")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Issue, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut project_id__ = None;
                let mut key__ = None;
                let mut title__ = None;
                let mut body__ = None;
                let mut labels__ = None;
                let mut parent_id__ = None;
                let mut priority__ = None;
                let mut created_at_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Key => {
                            if key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("key"));
                            }
                            key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Title => {
                            if title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("title"));
                            }
                            title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Body => {
                            if body__.is_some() {
                                return Err(serde::de::Error::duplicate_field("body"));
                            }
                            body__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Labels => {
                            if labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("labels"));
                            }
                            labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ParentId => {
                            if parent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parentId"));
                            }
                            parent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Priority => {
                            if priority__.is_some() {
                                return Err(serde::de::Error::duplicate_field("priority"));
                            }
                            priority__ = Some(map_.next_value::<Priority>()? as i32);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(Issue {
                    id: id__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    key: key__.unwrap_or_default(),
                    title: title__.unwrap_or_default(),
                    body: body__.unwrap_or_default(),
                    labels: labels__.unwrap_or_default(),
                    parent_id: parent_id__.unwrap_or_default(),
                    priority: priority__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Issue", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IssueCreated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.issue.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.IssueCreated", len)?;
        if let Some(v) = self.issue.as_ref() {
            struct_ser.serialize_field("issue", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IssueCreated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issue,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issue" => Ok(GeneratedField::Issue),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IssueCreated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.IssueCreated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IssueCreated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issue => {
                            if issue__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issue"));
                            }
                            issue__ = map_.next_value()?;
                        }
                    }
                }
                Ok(IssueCreated {
                    issue: issue__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.IssueCreated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IssueUpdated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.issue.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.IssueUpdated", len)?;
        if let Some(v) = self.issue.as_ref() {
            struct_ser.serialize_field("issue", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IssueUpdated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issue,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issue" => Ok(GeneratedField::Issue),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IssueUpdated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.IssueUpdated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IssueUpdated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issue => {
                            if issue__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issue"));
                            }
                            issue__ = map_.next_value()?;
                        }
                    }
                }
                Ok(IssueUpdated {
                    issue: issue__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.IssueUpdated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for KindGateway {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.credential.is_empty() {
            len += 1;
        }
        if self.scheme != 0 {
            len += 1;
        }
        if !self.base_url.is_empty() {
            len += 1;
        }
        if !self.default_base_url.is_empty() {
            len += 1;
        }
        if self.web_search {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.KindGateway", len)?;
        if !self.credential.is_empty() {
            struct_ser.serialize_field("credential", &self.credential)?;
        }
        if self.scheme != 0 {
            let v = GatewayScheme::try_from(self.scheme)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.scheme)))?;
            struct_ser.serialize_field("scheme", &v)?;
        }
        if !self.base_url.is_empty() {
            struct_ser.serialize_field("baseUrl", &self.base_url)?;
        }
        if !self.default_base_url.is_empty() {
            struct_ser.serialize_field("defaultBaseUrl", &self.default_base_url)?;
        }
        if self.web_search {
            struct_ser.serialize_field("webSearch", &self.web_search)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for KindGateway {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "credential",
            "scheme",
            "base_url",
            "baseUrl",
            "default_base_url",
            "defaultBaseUrl",
            "web_search",
            "webSearch",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Credential,
            Scheme,
            BaseUrl,
            DefaultBaseUrl,
            WebSearch,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "credential" => Ok(GeneratedField::Credential),
                            "scheme" => Ok(GeneratedField::Scheme),
                            "baseUrl" | "base_url" => Ok(GeneratedField::BaseUrl),
                            "defaultBaseUrl" | "default_base_url" => Ok(GeneratedField::DefaultBaseUrl),
                            "webSearch" | "web_search" => Ok(GeneratedField::WebSearch),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = KindGateway;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.KindGateway")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<KindGateway, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut credential__ = None;
                let mut scheme__ = None;
                let mut base_url__ = None;
                let mut default_base_url__ = None;
                let mut web_search__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Credential => {
                            if credential__.is_some() {
                                return Err(serde::de::Error::duplicate_field("credential"));
                            }
                            credential__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scheme => {
                            if scheme__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scheme"));
                            }
                            scheme__ = Some(map_.next_value::<GatewayScheme>()? as i32);
                        }
                        GeneratedField::BaseUrl => {
                            if base_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("baseUrl"));
                            }
                            base_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DefaultBaseUrl => {
                            if default_base_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("defaultBaseUrl"));
                            }
                            default_base_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WebSearch => {
                            if web_search__.is_some() {
                                return Err(serde::de::Error::duplicate_field("webSearch"));
                            }
                            web_search__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(KindGateway {
                    credential: credential__.unwrap_or_default(),
                    scheme: scheme__.unwrap_or_default(),
                    base_url: base_url__.unwrap_or_default(),
                    default_base_url: default_base_url__.unwrap_or_default(),
                    web_search: web_search__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.KindGateway", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for KindTransport {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "KIND_TRANSPORT_UNSPECIFIED",
            Self::Native => "KIND_TRANSPORT_NATIVE",
            Self::Adapter => "KIND_TRANSPORT_ADAPTER",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for KindTransport {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "KIND_TRANSPORT_UNSPECIFIED",
            "KIND_TRANSPORT_NATIVE",
            "KIND_TRANSPORT_ADAPTER",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = KindTransport;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "KIND_TRANSPORT_UNSPECIFIED" => Ok(KindTransport::Unspecified),
                    "KIND_TRANSPORT_NATIVE" => Ok(KindTransport::Native),
                    "KIND_TRANSPORT_ADAPTER" => Ok(KindTransport::Adapter),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for Lifetime {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "LIFETIME_UNSPECIFIED",
            Self::Persistent => "LIFETIME_PERSISTENT",
            Self::Ephemeral => "LIFETIME_EPHEMERAL",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for Lifetime {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "LIFETIME_UNSPECIFIED",
            "LIFETIME_PERSISTENT",
            "LIFETIME_EPHEMERAL",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = Lifetime;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "LIFETIME_UNSPECIFIED" => Ok(Lifetime::Unspecified),
                    "LIFETIME_PERSISTENT" => Ok(Lifetime::Persistent),
                    "LIFETIME_EPHEMERAL" => Ok(Lifetime::Ephemeral),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for ListAgentEventsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.agent.is_some() {
            len += 1;
        }
        if self.limit != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListAgentEventsRequest", len)?;
        if let Some(v) = self.agent.as_ref() {
            struct_ser.serialize_field("agent", v)?;
        }
        if self.limit != 0 {
            struct_ser.serialize_field("limit", &self.limit)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAgentEventsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "limit",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Limit,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "limit" => Ok(GeneratedField::Limit),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAgentEventsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListAgentEventsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAgentEventsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut limit__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = map_.next_value()?;
                        }
                        GeneratedField::Limit => {
                            if limit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("limit"));
                            }
                            limit__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(ListAgentEventsRequest {
                    agent: agent__,
                    limit: limit__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListAgentEventsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAgentsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if self.include_retired {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListAgentsRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if self.include_retired {
            struct_ser.serialize_field("includeRetired", &self.include_retired)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAgentsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "include_retired",
            "includeRetired",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            IncludeRetired,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "includeRetired" | "include_retired" => Ok(GeneratedField::IncludeRetired),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAgentsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListAgentsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAgentsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut include_retired__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IncludeRetired => {
                            if include_retired__.is_some() {
                                return Err(serde::de::Error::duplicate_field("includeRetired"));
                            }
                            include_retired__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListAgentsRequest {
                    project: project__.unwrap_or_default(),
                    include_retired: include_retired__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListAgentsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAgentsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agents.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListAgentsResponse", len)?;
        if !self.agents.is_empty() {
            struct_ser.serialize_field("agents", &self.agents)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAgentsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agents",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agents,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agents" => Ok(GeneratedField::Agents),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAgentsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListAgentsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAgentsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agents__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agents => {
                            if agents__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agents"));
                            }
                            agents__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListAgentsResponse {
                    agents: agents__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListAgentsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAsksRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if self.all {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListAsksRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if self.all {
            struct_ser.serialize_field("all", &self.all)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAsksRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "all",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            All,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "all" => Ok(GeneratedField::All),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAsksRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListAsksRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAsksRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut all__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::All => {
                            if all__.is_some() {
                                return Err(serde::de::Error::duplicate_field("all"));
                            }
                            all__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListAsksRequest {
                    project: project__.unwrap_or_default(),
                    all: all__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListAsksRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAsksResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.asks.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListAsksResponse", len)?;
        if !self.asks.is_empty() {
            struct_ser.serialize_field("asks", &self.asks)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAsksResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "asks",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Asks,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "asks" => Ok(GeneratedField::Asks),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAsksResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListAsksResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAsksResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut asks__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Asks => {
                            if asks__.is_some() {
                                return Err(serde::de::Error::duplicate_field("asks"));
                            }
                            asks__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListAsksResponse {
                    asks: asks__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListAsksResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListEventsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.after_seq != 0 {
            len += 1;
        }
        if self.limit != 0 {
            len += 1;
        }
        if !self.kinds.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListEventsRequest", len)?;
        if self.after_seq != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("afterSeq", ToString::to_string(&self.after_seq).as_str())?;
        }
        if self.limit != 0 {
            struct_ser.serialize_field("limit", &self.limit)?;
        }
        if !self.kinds.is_empty() {
            struct_ser.serialize_field("kinds", &self.kinds)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListEventsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "after_seq",
            "afterSeq",
            "limit",
            "kinds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AfterSeq,
            Limit,
            Kinds,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "afterSeq" | "after_seq" => Ok(GeneratedField::AfterSeq),
                            "limit" => Ok(GeneratedField::Limit),
                            "kinds" => Ok(GeneratedField::Kinds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListEventsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListEventsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListEventsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut after_seq__ = None;
                let mut limit__ = None;
                let mut kinds__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AfterSeq => {
                            if after_seq__.is_some() {
                                return Err(serde::de::Error::duplicate_field("afterSeq"));
                            }
                            after_seq__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Limit => {
                            if limit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("limit"));
                            }
                            limit__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Kinds => {
                            if kinds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kinds"));
                            }
                            kinds__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListEventsRequest {
                    after_seq: after_seq__.unwrap_or_default(),
                    limit: limit__.unwrap_or_default(),
                    kinds: kinds__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListEventsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListEventsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.events.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListEventsResponse", len)?;
        if !self.events.is_empty() {
            struct_ser.serialize_field("events", &self.events)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListEventsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "events",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Events,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "events" => Ok(GeneratedField::Events),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListEventsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListEventsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListEventsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut events__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Events => {
                            if events__.is_some() {
                                return Err(serde::de::Error::duplicate_field("events"));
                            }
                            events__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListEventsResponse {
                    events: events__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListEventsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIssuesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListIssuesRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListIssuesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListIssuesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListIssuesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIssuesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListIssuesRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListIssuesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIssuesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issues.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListIssuesResponse", len)?;
        if !self.issues.is_empty() {
            struct_ser.serialize_field("issues", &self.issues)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListIssuesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issues",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issues,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issues" => Ok(GeneratedField::Issues),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListIssuesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListIssuesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIssuesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issues__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issues => {
                            if issues__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issues"));
                            }
                            issues__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListIssuesResponse {
                    issues: issues__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListIssuesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListKindsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.ListKindsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListKindsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListKindsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListKindsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListKindsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListKindsRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListKindsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListKindsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.kinds.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListKindsResponse", len)?;
        if !self.kinds.is_empty() {
            struct_ser.serialize_field("kinds", &self.kinds)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListKindsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kinds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kinds,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kinds" => Ok(GeneratedField::Kinds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListKindsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListKindsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListKindsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kinds__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kinds => {
                            if kinds__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kinds"));
                            }
                            kinds__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListKindsResponse {
                    kinds: kinds__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListKindsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListProjectsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.ListProjectsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListProjectsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListProjectsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListProjectsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListProjectsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListProjectsRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListProjectsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListProjectsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.projects.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListProjectsResponse", len)?;
        if !self.projects.is_empty() {
            struct_ser.serialize_field("projects", &self.projects)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListProjectsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "projects",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Projects,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "projects" => Ok(GeneratedField::Projects),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListProjectsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListProjectsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListProjectsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut projects__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Projects => {
                            if projects__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projects"));
                            }
                            projects__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListProjectsResponse {
                    projects: projects__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListProjectsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListProposalsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if self.all {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListProposalsRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if self.all {
            struct_ser.serialize_field("all", &self.all)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListProposalsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "all",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            All,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "all" => Ok(GeneratedField::All),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListProposalsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListProposalsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListProposalsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut all__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::All => {
                            if all__.is_some() {
                                return Err(serde::de::Error::duplicate_field("all"));
                            }
                            all__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListProposalsRequest {
                    project: project__.unwrap_or_default(),
                    all: all__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListProposalsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListProposalsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.proposals.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListProposalsResponse", len)?;
        if !self.proposals.is_empty() {
            struct_ser.serialize_field("proposals", &self.proposals)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListProposalsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposals",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Proposals,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposals" => Ok(GeneratedField::Proposals),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListProposalsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListProposalsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListProposalsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposals__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Proposals => {
                            if proposals__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposals"));
                            }
                            proposals__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListProposalsResponse {
                    proposals: proposals__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListProposalsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSecretsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.ListSecretsRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSecretsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSecretsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListSecretsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSecretsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListSecretsRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListSecretsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSecretsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.secrets.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListSecretsResponse", len)?;
        if !self.secrets.is_empty() {
            struct_ser.serialize_field("secrets", &self.secrets)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSecretsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "secrets",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Secrets,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "secrets" => Ok(GeneratedField::Secrets),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSecretsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListSecretsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSecretsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut secrets__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Secrets => {
                            if secrets__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secrets"));
                            }
                            secrets__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListSecretsResponse {
                    secrets: secrets__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListSecretsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSourcesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListSourcesRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSourcesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSourcesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListSourcesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSourcesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListSourcesRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListSourcesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListSourcesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.sources.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListSourcesResponse", len)?;
        if !self.sources.is_empty() {
            struct_ser.serialize_field("sources", &self.sources)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListSourcesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "sources",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Sources,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sources" => Ok(GeneratedField::Sources),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListSourcesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListSourcesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListSourcesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut sources__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Sources => {
                            if sources__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sources"));
                            }
                            sources__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListSourcesResponse {
                    sources: sources__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListSourcesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListThemesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.ListThemesRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListThemesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListThemesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListThemesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListThemesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(ListThemesRequest {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListThemesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListThemesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.themes.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListThemesResponse", len)?;
        if !self.themes.is_empty() {
            struct_ser.serialize_field("themes", &self.themes)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListThemesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "themes",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Themes,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "themes" => Ok(GeneratedField::Themes),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListThemesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListThemesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListThemesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut themes__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Themes => {
                            if themes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("themes"));
                            }
                            themes__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListThemesResponse {
                    themes: themes__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListThemesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListWorkstreamsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListWorkstreamsRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListWorkstreamsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListWorkstreamsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListWorkstreamsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListWorkstreamsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListWorkstreamsRequest {
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListWorkstreamsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListWorkstreamsResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstreams.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ListWorkstreamsResponse", len)?;
        if !self.workstreams.is_empty() {
            struct_ser.serialize_field("workstreams", &self.workstreams)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListWorkstreamsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstreams",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstreams,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreams" => Ok(GeneratedField::Workstreams),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListWorkstreamsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ListWorkstreamsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListWorkstreamsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstreams__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstreams => {
                            if workstreams__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreams"));
                            }
                            workstreams__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListWorkstreamsResponse {
                    workstreams: workstreams__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ListWorkstreamsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Marker {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.label.is_empty() {
            len += 1;
        }
        if !self.payload.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Marker", len)?;
        if !self.label.is_empty() {
            struct_ser.serialize_field("label", &self.label)?;
        }
        if !self.payload.is_empty() {
            struct_ser.serialize_field("payload", &self.payload)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Marker {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "label",
            "payload",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Label,
            Payload,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "label" => Ok(GeneratedField::Label),
                            "payload" => Ok(GeneratedField::Payload),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Marker;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Marker")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Marker, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut label__ = None;
                let mut payload__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Label => {
                            if label__.is_some() {
                                return Err(serde::de::Error::duplicate_field("label"));
                            }
                            label__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Payload => {
                            if payload__.is_some() {
                                return Err(serde::de::Error::duplicate_field("payload"));
                            }
                            payload__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Marker {
                    label: label__.unwrap_or_default(),
                    payload: payload__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Marker", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for McpCallRefused {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.tool.is_empty() {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.McpCallRefused", len)?;
        if !self.tool.is_empty() {
            struct_ser.serialize_field("tool", &self.tool)?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for McpCallRefused {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "tool",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Tool,
            Error,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "tool" => Ok(GeneratedField::Tool),
                            "error" => Ok(GeneratedField::Error),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = McpCallRefused;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.McpCallRefused")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<McpCallRefused, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut tool__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Tool => {
                            if tool__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tool"));
                            }
                            tool__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(McpCallRefused {
                    tool: tool__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.McpCallRefused", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MergeCheckFailed {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.MergeCheckFailed", len)?;
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MergeCheckFailed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "repo",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Repo,
            Error,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "repo" => Ok(GeneratedField::Repo),
                            "error" => Ok(GeneratedField::Error),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MergeCheckFailed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.MergeCheckFailed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MergeCheckFailed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut repo__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(MergeCheckFailed {
                    repo: repo__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.MergeCheckFailed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MergeCheckFailure {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.MergeCheckFailure", len)?;
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MergeCheckFailure {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project_id",
            "projectId",
            "repo",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ProjectId,
            Repo,
            Error,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "repo" => Ok(GeneratedField::Repo),
                            "error" => Ok(GeneratedField::Error),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MergeCheckFailure;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.MergeCheckFailure")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MergeCheckFailure, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project_id__ = None;
                let mut repo__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(MergeCheckFailure {
                    project_id: project_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.MergeCheckFailure", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MergeMethod {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "MERGE_METHOD_UNSPECIFIED",
            Self::FastForward => "MERGE_METHOD_FAST_FORWARD",
            Self::MergeCommit => "MERGE_METHOD_MERGE_COMMIT",
            Self::Rebase => "MERGE_METHOD_REBASE",
            Self::Squash => "MERGE_METHOD_SQUASH",
            Self::Tree => "MERGE_METHOD_TREE",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for MergeMethod {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "MERGE_METHOD_UNSPECIFIED",
            "MERGE_METHOD_FAST_FORWARD",
            "MERGE_METHOD_MERGE_COMMIT",
            "MERGE_METHOD_REBASE",
            "MERGE_METHOD_SQUASH",
            "MERGE_METHOD_TREE",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = MergeMethod;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "MERGE_METHOD_UNSPECIFIED" => Ok(MergeMethod::Unspecified),
                    "MERGE_METHOD_FAST_FORWARD" => Ok(MergeMethod::FastForward),
                    "MERGE_METHOD_MERGE_COMMIT" => Ok(MergeMethod::MergeCommit),
                    "MERGE_METHOD_REBASE" => Ok(MergeMethod::Rebase),
                    "MERGE_METHOD_SQUASH" => Ok(MergeMethod::Squash),
                    "MERGE_METHOD_TREE" => Ok(MergeMethod::Tree),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for MergedWorkstream {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.workstream.is_some() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.MergedWorkstream", len)?;
        if let Some(v) = self.workstream.as_ref() {
            struct_ser.serialize_field("workstream", v)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MergedWorkstream {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream",
            "repos",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstream,
            Repos,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstream" => Ok(GeneratedField::Workstream),
                            "repos" => Ok(GeneratedField::Repos),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MergedWorkstream;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.MergedWorkstream")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MergedWorkstream, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream__ = None;
                let mut repos__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = map_.next_value()?;
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(MergedWorkstream {
                    workstream: workstream__,
                    repos: repos__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.MergedWorkstream", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for OverlapEnd {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "OVERLAP_END_UNSPECIFIED",
            Self::FilesApart => "OVERLAP_END_FILES_APART",
            Self::LeftFlight => "OVERLAP_END_LEFT_FLIGHT",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for OverlapEnd {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "OVERLAP_END_UNSPECIFIED",
            "OVERLAP_END_FILES_APART",
            "OVERLAP_END_LEFT_FLIGHT",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = OverlapEnd;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "OVERLAP_END_UNSPECIFIED" => Ok(OverlapEnd::Unspecified),
                    "OVERLAP_END_FILES_APART" => Ok(OverlapEnd::FilesApart),
                    "OVERLAP_END_LEFT_FLIGHT" => Ok(OverlapEnd::LeftFlight),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for PlanEntry {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.content.is_empty() {
            len += 1;
        }
        if !self.priority.is_empty() {
            len += 1;
        }
        if !self.status.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.PlanEntry", len)?;
        if !self.content.is_empty() {
            struct_ser.serialize_field("content", &self.content)?;
        }
        if !self.priority.is_empty() {
            struct_ser.serialize_field("priority", &self.priority)?;
        }
        if !self.status.is_empty() {
            struct_ser.serialize_field("status", &self.status)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PlanEntry {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "content",
            "priority",
            "status",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Content,
            Priority,
            Status,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "content" => Ok(GeneratedField::Content),
                            "priority" => Ok(GeneratedField::Priority),
                            "status" => Ok(GeneratedField::Status),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PlanEntry;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PlanEntry")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PlanEntry, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut content__ = None;
                let mut priority__ = None;
                let mut status__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Content => {
                            if content__.is_some() {
                                return Err(serde::de::Error::duplicate_field("content"));
                            }
                            content__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Priority => {
                            if priority__.is_some() {
                                return Err(serde::de::Error::duplicate_field("priority"));
                            }
                            priority__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(PlanEntry {
                    content: content__.unwrap_or_default(),
                    priority: priority__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PlanEntry", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Priority {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::None => "PRIORITY_NONE",
            Self::Urgent => "PRIORITY_URGENT",
            Self::High => "PRIORITY_HIGH",
            Self::Medium => "PRIORITY_MEDIUM",
            Self::Low => "PRIORITY_LOW",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for Priority {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "PRIORITY_NONE",
            "PRIORITY_URGENT",
            "PRIORITY_HIGH",
            "PRIORITY_MEDIUM",
            "PRIORITY_LOW",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = Priority;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "PRIORITY_NONE" => Ok(Priority::None),
                    "PRIORITY_URGENT" => Ok(Priority::Urgent),
                    "PRIORITY_HIGH" => Ok(Priority::High),
                    "PRIORITY_MEDIUM" => Ok(Priority::Medium),
                    "PRIORITY_LOW" => Ok(Priority::Low),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for Project {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        if !self.directories.is_empty() {
            len += 1;
        }
        if !self.theme.is_empty() {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Project", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        if !self.directories.is_empty() {
            struct_ser.serialize_field("directories", &self.directories)?;
        }
        if !self.theme.is_empty() {
            struct_ser.serialize_field("theme", &self.theme)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Project {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "name",
            "repos",
            "directories",
            "theme",
            "created_at_ms",
            "createdAtMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Name,
            Repos,
            Directories,
            Theme,
            CreatedAtMs,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "name" => Ok(GeneratedField::Name),
                            "repos" => Ok(GeneratedField::Repos),
                            "directories" => Ok(GeneratedField::Directories),
                            "theme" => Ok(GeneratedField::Theme),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Project;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Project")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Project, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut name__ = None;
                let mut repos__ = None;
                let mut directories__ = None;
                let mut theme__ = None;
                let mut created_at_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Directories => {
                            if directories__.is_some() {
                                return Err(serde::de::Error::duplicate_field("directories"));
                            }
                            directories__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Theme => {
                            if theme__.is_some() {
                                return Err(serde::de::Error::duplicate_field("theme"));
                            }
                            theme__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(Project {
                    id: id__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    repos: repos__.unwrap_or_default(),
                    directories: directories__.unwrap_or_default(),
                    theme: theme__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Project", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ProjectCreated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.project.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ProjectCreated", len)?;
        if let Some(v) = self.project.as_ref() {
            struct_ser.serialize_field("project", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ProjectCreated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ProjectCreated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ProjectCreated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ProjectCreated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = map_.next_value()?;
                        }
                    }
                }
                Ok(ProjectCreated {
                    project: project__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ProjectCreated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PromptAgentRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.agent.is_some() {
            len += 1;
        }
        if !self.text.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.PromptAgentRequest", len)?;
        if let Some(v) = self.agent.as_ref() {
            struct_ser.serialize_field("agent", v)?;
        }
        if !self.text.is_empty() {
            struct_ser.serialize_field("text", &self.text)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PromptAgentRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "text",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Text,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "text" => Ok(GeneratedField::Text),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PromptAgentRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PromptAgentRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PromptAgentRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut text__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = map_.next_value()?;
                        }
                        GeneratedField::Text => {
                            if text__.is_some() {
                                return Err(serde::de::Error::duplicate_field("text"));
                            }
                            text__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(PromptAgentRequest {
                    agent: agent__,
                    text: text__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PromptAgentRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PromptAgentResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("compass.v1.PromptAgentResponse", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PromptAgentResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PromptAgentResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PromptAgentResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PromptAgentResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(PromptAgentResponse {
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PromptAgentResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Proposal {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.behind.is_empty() {
            len += 1;
        }
        if !self.reason.is_empty() {
            len += 1;
        }
        if !self.overlaps.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Proposal", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.behind.is_empty() {
            struct_ser.serialize_field("behind", &self.behind)?;
        }
        if !self.reason.is_empty() {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        if !self.overlaps.is_empty() {
            struct_ser.serialize_field("overlaps", &self.overlaps)?;
        }
        if self.state != 0 {
            let v = ProposalState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Proposal {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "project_id",
            "projectId",
            "issue_id",
            "issueId",
            "issue_key",
            "issueKey",
            "agent_id",
            "agentId",
            "agent",
            "behind",
            "reason",
            "overlaps",
            "state",
            "workstream_id",
            "workstreamId",
            "created_at_ms",
            "createdAtMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            ProjectId,
            IssueId,
            IssueKey,
            AgentId,
            Agent,
            Behind,
            Reason,
            Overlaps,
            State,
            WorkstreamId,
            CreatedAtMs,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "agent" => Ok(GeneratedField::Agent),
                            "behind" => Ok(GeneratedField::Behind),
                            "reason" => Ok(GeneratedField::Reason),
                            "overlaps" => Ok(GeneratedField::Overlaps),
                            "state" => Ok(GeneratedField::State),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Proposal;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Proposal")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Proposal, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut project_id__ = None;
                let mut issue_id__ = None;
                let mut issue_key__ = None;
                let mut agent_id__ = None;
                let mut agent__ = None;
                let mut behind__ = None;
                let mut reason__ = None;
                let mut overlaps__ = None;
                let mut state__ = None;
                let mut workstream_id__ = None;
                let mut created_at_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Behind => {
                            if behind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("behind"));
                            }
                            behind__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Overlaps => {
                            if overlaps__.is_some() {
                                return Err(serde::de::Error::duplicate_field("overlaps"));
                            }
                            overlaps__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<ProposalState>()? as i32);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(Proposal {
                    id: id__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    issue_id: issue_id__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                    behind: behind__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                    overlaps: overlaps__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Proposal", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ProposalDecided {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.proposal_id.is_empty() {
            len += 1;
        }
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ProposalDecided", len)?;
        if !self.proposal_id.is_empty() {
            struct_ser.serialize_field("proposalId", &self.proposal_id)?;
        }
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if self.state != 0 {
            let v = ProposalState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ProposalDecided {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposal_id",
            "proposalId",
            "issue_id",
            "issueId",
            "state",
            "agent_id",
            "agentId",
            "workstream_id",
            "workstreamId",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ProposalId,
            IssueId,
            State,
            AgentId,
            WorkstreamId,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposalId" | "proposal_id" => Ok(GeneratedField::ProposalId),
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "state" => Ok(GeneratedField::State),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ProposalDecided;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ProposalDecided")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ProposalDecided, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposal_id__ = None;
                let mut issue_id__ = None;
                let mut state__ = None;
                let mut agent_id__ = None;
                let mut workstream_id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ProposalId => {
                            if proposal_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposalId"));
                            }
                            proposal_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<ProposalState>()? as i32);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ProposalDecided {
                    proposal_id: proposal_id__.unwrap_or_default(),
                    issue_id: issue_id__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ProposalDecided", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ProposalDecision {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "PROPOSAL_DECISION_UNSPECIFIED",
            Self::Approve => "PROPOSAL_DECISION_APPROVE",
            Self::Reject => "PROPOSAL_DECISION_REJECT",
            Self::Edit => "PROPOSAL_DECISION_EDIT",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for ProposalDecision {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "PROPOSAL_DECISION_UNSPECIFIED",
            "PROPOSAL_DECISION_APPROVE",
            "PROPOSAL_DECISION_REJECT",
            "PROPOSAL_DECISION_EDIT",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = ProposalDecision;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "PROPOSAL_DECISION_UNSPECIFIED" => Ok(ProposalDecision::Unspecified),
                    "PROPOSAL_DECISION_APPROVE" => Ok(ProposalDecision::Approve),
                    "PROPOSAL_DECISION_REJECT" => Ok(ProposalDecision::Reject),
                    "PROPOSAL_DECISION_EDIT" => Ok(ProposalDecision::Edit),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for ProposalMade {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.proposal.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ProposalMade", len)?;
        if let Some(v) = self.proposal.as_ref() {
            struct_ser.serialize_field("proposal", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ProposalMade {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposal",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Proposal,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposal" => Ok(GeneratedField::Proposal),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ProposalMade;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ProposalMade")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ProposalMade, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposal__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Proposal => {
                            if proposal__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposal"));
                            }
                            proposal__ = map_.next_value()?;
                        }
                    }
                }
                Ok(ProposalMade {
                    proposal: proposal__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ProposalMade", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ProposalStale {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.proposal_id.is_empty() {
            len += 1;
        }
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if self.reason != 0 {
            len += 1;
        }
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ProposalStale", len)?;
        if !self.proposal_id.is_empty() {
            struct_ser.serialize_field("proposalId", &self.proposal_id)?;
        }
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if self.reason != 0 {
            let v = StaleReason::try_from(self.reason)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.reason)))?;
            struct_ser.serialize_field("reason", &v)?;
        }
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ProposalStale {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "proposal_id",
            "proposalId",
            "issue_id",
            "issueId",
            "issue_key",
            "issueKey",
            "reason",
            "workstream_id",
            "workstreamId",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ProposalId,
            IssueId,
            IssueKey,
            Reason,
            WorkstreamId,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "proposalId" | "proposal_id" => Ok(GeneratedField::ProposalId),
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "reason" => Ok(GeneratedField::Reason),
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ProposalStale;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ProposalStale")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ProposalStale, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut proposal_id__ = None;
                let mut issue_id__ = None;
                let mut issue_key__ = None;
                let mut reason__ = None;
                let mut workstream_id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ProposalId => {
                            if proposal_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("proposalId"));
                            }
                            proposal_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value::<StaleReason>()? as i32);
                        }
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ProposalStale {
                    proposal_id: proposal_id__.unwrap_or_default(),
                    issue_id: issue_id__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                    workstream_id: workstream_id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ProposalStale", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ProposalState {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "PROPOSAL_STATE_UNSPECIFIED",
            Self::Open => "PROPOSAL_STATE_OPEN",
            Self::Approved => "PROPOSAL_STATE_APPROVED",
            Self::Rejected => "PROPOSAL_STATE_REJECTED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for ProposalState {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "PROPOSAL_STATE_UNSPECIFIED",
            "PROPOSAL_STATE_OPEN",
            "PROPOSAL_STATE_APPROVED",
            "PROPOSAL_STATE_REJECTED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = ProposalState;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "PROPOSAL_STATE_UNSPECIFIED" => Ok(ProposalState::Unspecified),
                    "PROPOSAL_STATE_OPEN" => Ok(ProposalState::Open),
                    "PROPOSAL_STATE_APPROVED" => Ok(ProposalState::Approved),
                    "PROPOSAL_STATE_REJECTED" => Ok(ProposalState::Rejected),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for ProposeAssignmentsRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.project.is_empty() {
            len += 1;
        }
        if !self.issues.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ProposeAssignmentsRequest", len)?;
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        if !self.issues.is_empty() {
            struct_ser.serialize_field("issues", &self.issues)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ProposeAssignmentsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project",
            "issues",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Project,
            Issues,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "project" => Ok(GeneratedField::Project),
                            "issues" => Ok(GeneratedField::Issues),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ProposeAssignmentsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ProposeAssignmentsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ProposeAssignmentsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project__ = None;
                let mut issues__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Issues => {
                            if issues__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issues"));
                            }
                            issues__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ProposeAssignmentsRequest {
                    project: project__.unwrap_or_default(),
                    issues: issues__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ProposeAssignmentsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PullRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.number != 0 {
            len += 1;
        }
        if !self.url.is_empty() {
            len += 1;
        }
        if !self.head.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.PullRequest", len)?;
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.number != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("number", ToString::to_string(&self.number).as_str())?;
        }
        if !self.url.is_empty() {
            struct_ser.serialize_field("url", &self.url)?;
        }
        if !self.head.is_empty() {
            struct_ser.serialize_field("head", &self.head)?;
        }
        if self.state != 0 {
            let v = PullRequestState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PullRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "repo",
            "number",
            "url",
            "head",
            "state",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Repo,
            Number,
            Url,
            Head,
            State,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "repo" => Ok(GeneratedField::Repo),
                            "number" => Ok(GeneratedField::Number),
                            "url" => Ok(GeneratedField::Url),
                            "head" => Ok(GeneratedField::Head),
                            "state" => Ok(GeneratedField::State),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PullRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PullRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PullRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut repo__ = None;
                let mut number__ = None;
                let mut url__ = None;
                let mut head__ = None;
                let mut state__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Number => {
                            if number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("number"));
                            }
                            number__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Url => {
                            if url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("url"));
                            }
                            url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Head => {
                            if head__.is_some() {
                                return Err(serde::de::Error::duplicate_field("head"));
                            }
                            head__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<PullRequestState>()? as i32);
                        }
                    }
                }
                Ok(PullRequest {
                    repo: repo__.unwrap_or_default(),
                    number: number__.unwrap_or_default(),
                    url: url__.unwrap_or_default(),
                    head: head__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PullRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PullRequestOpened {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.number != 0 {
            len += 1;
        }
        if !self.url.is_empty() {
            len += 1;
        }
        if self.updated {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.PullRequestOpened", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.number != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("number", ToString::to_string(&self.number).as_str())?;
        }
        if !self.url.is_empty() {
            struct_ser.serialize_field("url", &self.url)?;
        }
        if self.updated {
            struct_ser.serialize_field("updated", &self.updated)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PullRequestOpened {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repo",
            "number",
            "url",
            "updated",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repo,
            Number,
            Url,
            Updated,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repo" => Ok(GeneratedField::Repo),
                            "number" => Ok(GeneratedField::Number),
                            "url" => Ok(GeneratedField::Url),
                            "updated" => Ok(GeneratedField::Updated),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PullRequestOpened;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PullRequestOpened")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PullRequestOpened, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repo__ = None;
                let mut number__ = None;
                let mut url__ = None;
                let mut updated__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Number => {
                            if number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("number"));
                            }
                            number__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Url => {
                            if url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("url"));
                            }
                            url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Updated => {
                            if updated__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updated"));
                            }
                            updated__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(PullRequestOpened {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    number: number__.unwrap_or_default(),
                    url: url__.unwrap_or_default(),
                    updated: updated__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PullRequestOpened", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for PullRequestState {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "PULL_REQUEST_STATE_UNSPECIFIED",
            Self::Open => "PULL_REQUEST_STATE_OPEN",
            Self::Closed => "PULL_REQUEST_STATE_CLOSED",
            Self::Merged => "PULL_REQUEST_STATE_MERGED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for PullRequestState {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "PULL_REQUEST_STATE_UNSPECIFIED",
            "PULL_REQUEST_STATE_OPEN",
            "PULL_REQUEST_STATE_CLOSED",
            "PULL_REQUEST_STATE_MERGED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = PullRequestState;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "PULL_REQUEST_STATE_UNSPECIFIED" => Ok(PullRequestState::Unspecified),
                    "PULL_REQUEST_STATE_OPEN" => Ok(PullRequestState::Open),
                    "PULL_REQUEST_STATE_CLOSED" => Ok(PullRequestState::Closed),
                    "PULL_REQUEST_STATE_MERGED" => Ok(PullRequestState::Merged),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for PullRequestStateChanged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.number != 0 {
            len += 1;
        }
        if self.from != 0 {
            len += 1;
        }
        if self.to != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.PullRequestStateChanged", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.number != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("number", ToString::to_string(&self.number).as_str())?;
        }
        if self.from != 0 {
            let v = PullRequestState::try_from(self.from)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.from)))?;
            struct_ser.serialize_field("from", &v)?;
        }
        if self.to != 0 {
            let v = PullRequestState::try_from(self.to)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.to)))?;
            struct_ser.serialize_field("to", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for PullRequestStateChanged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repo",
            "number",
            "from",
            "to",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repo,
            Number,
            From,
            To,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repo" => Ok(GeneratedField::Repo),
                            "number" => Ok(GeneratedField::Number),
                            "from" => Ok(GeneratedField::From),
                            "to" => Ok(GeneratedField::To),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = PullRequestStateChanged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.PullRequestStateChanged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<PullRequestStateChanged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repo__ = None;
                let mut number__ = None;
                let mut from__ = None;
                let mut to__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Number => {
                            if number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("number"));
                            }
                            number__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::From => {
                            if from__.is_some() {
                                return Err(serde::de::Error::duplicate_field("from"));
                            }
                            from__ = Some(map_.next_value::<PullRequestState>()? as i32);
                        }
                        GeneratedField::To => {
                            if to__.is_some() {
                                return Err(serde::de::Error::duplicate_field("to"));
                            }
                            to__ = Some(map_.next_value::<PullRequestState>()? as i32);
                        }
                    }
                }
                Ok(PullRequestStateChanged {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    number: number__.unwrap_or_default(),
                    from: from__.unwrap_or_default(),
                    to: to__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.PullRequestStateChanged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for QueueUpdated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_ids.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.QueueUpdated", len)?;
        if !self.workstream_ids.is_empty() {
            struct_ser.serialize_field("workstreamIds", &self.workstream_ids)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for QueueUpdated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_ids",
            "workstreamIds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamIds,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamIds" | "workstream_ids" => Ok(GeneratedField::WorkstreamIds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = QueueUpdated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.QueueUpdated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<QueueUpdated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_ids__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamIds => {
                            if workstream_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamIds"));
                            }
                            workstream_ids__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(QueueUpdated {
                    workstream_ids: workstream_ids__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.QueueUpdated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ReadyForPush {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        if !self.summary.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ReadyForPush", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        if !self.summary.is_empty() {
            struct_ser.serialize_field("summary", &self.summary)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ReadyForPush {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repos",
            "summary",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repos,
            Summary,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repos" => Ok(GeneratedField::Repos),
                            "summary" => Ok(GeneratedField::Summary),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ReadyForPush;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ReadyForPush")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ReadyForPush, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repos__ = None;
                let mut summary__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Summary => {
                            if summary__.is_some() {
                                return Err(serde::de::Error::duplicate_field("summary"));
                            }
                            summary__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ReadyForPush {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repos: repos__.unwrap_or_default(),
                    summary: summary__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ReadyForPush", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RemoveSourceRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RemoveSourceRequest", len)?;
        if !self.source.is_empty() {
            struct_ser.serialize_field("source", &self.source)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RemoveSourceRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Source,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "source" => Ok(GeneratedField::Source),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RemoveSourceRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RemoveSourceRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RemoveSourceRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RemoveSourceRequest {
                    source: source__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RemoveSourceRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RemoveSourceResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.source.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RemoveSourceResponse", len)?;
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RemoveSourceResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Source,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "source" => Ok(GeneratedField::Source),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RemoveSourceResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RemoveSourceResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RemoveSourceResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                    }
                }
                Ok(RemoveSourceResponse {
                    source: source__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RemoveSourceResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Repo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.kind != 0 {
            len += 1;
        }
        if !self.location.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Repo", len)?;
        if self.kind != 0 {
            let v = repo::Kind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if !self.location.is_empty() {
            struct_ser.serialize_field("location", &self.location)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Repo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kind",
            "location",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kind,
            Location,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kind" => Ok(GeneratedField::Kind),
                            "location" => Ok(GeneratedField::Location),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Repo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Repo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Repo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kind__ = None;
                let mut location__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<repo::Kind>()? as i32);
                        }
                        GeneratedField::Location => {
                            if location__.is_some() {
                                return Err(serde::de::Error::duplicate_field("location"));
                            }
                            location__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Repo {
                    kind: kind__.unwrap_or_default(),
                    location: location__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Repo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for repo::Kind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "KIND_UNSPECIFIED",
            Self::Local => "KIND_LOCAL",
            Self::Remote => "KIND_REMOTE",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for repo::Kind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "KIND_UNSPECIFIED",
            "KIND_LOCAL",
            "KIND_REMOTE",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = repo::Kind;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "KIND_UNSPECIFIED" => Ok(repo::Kind::Unspecified),
                    "KIND_LOCAL" => Ok(repo::Kind::Local),
                    "KIND_REMOTE" => Ok(repo::Kind::Remote),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for RepoDiff {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.base.is_empty() {
            len += 1;
        }
        if !self.commits.is_empty() {
            len += 1;
        }
        if !self.patch.is_empty() {
            len += 1;
        }
        if self.truncated {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        if self.unverified {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RepoDiff", len)?;
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.base.is_empty() {
            struct_ser.serialize_field("base", &self.base)?;
        }
        if !self.commits.is_empty() {
            struct_ser.serialize_field("commits", &self.commits)?;
        }
        if !self.patch.is_empty() {
            struct_ser.serialize_field("patch", &self.patch)?;
        }
        if self.truncated {
            struct_ser.serialize_field("truncated", &self.truncated)?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        if self.unverified {
            struct_ser.serialize_field("unverified", &self.unverified)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RepoDiff {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "repo",
            "base",
            "commits",
            "patch",
            "truncated",
            "error",
            "unverified",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Repo,
            Base,
            Commits,
            Patch,
            Truncated,
            Error,
            Unverified,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "repo" => Ok(GeneratedField::Repo),
                            "base" => Ok(GeneratedField::Base),
                            "commits" => Ok(GeneratedField::Commits),
                            "patch" => Ok(GeneratedField::Patch),
                            "truncated" => Ok(GeneratedField::Truncated),
                            "error" => Ok(GeneratedField::Error),
                            "unverified" => Ok(GeneratedField::Unverified),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RepoDiff;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RepoDiff")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RepoDiff, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut repo__ = None;
                let mut base__ = None;
                let mut commits__ = None;
                let mut patch__ = None;
                let mut truncated__ = None;
                let mut error__ = None;
                let mut unverified__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Base => {
                            if base__.is_some() {
                                return Err(serde::de::Error::duplicate_field("base"));
                            }
                            base__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Commits => {
                            if commits__.is_some() {
                                return Err(serde::de::Error::duplicate_field("commits"));
                            }
                            commits__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Patch => {
                            if patch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("patch"));
                            }
                            patch__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Truncated => {
                            if truncated__.is_some() {
                                return Err(serde::de::Error::duplicate_field("truncated"));
                            }
                            truncated__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Unverified => {
                            if unverified__.is_some() {
                                return Err(serde::de::Error::duplicate_field("unverified"));
                            }
                            unverified__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RepoDiff {
                    repo: repo__.unwrap_or_default(),
                    base: base__.unwrap_or_default(),
                    commits: commits__.unwrap_or_default(),
                    patch: patch__.unwrap_or_default(),
                    truncated: truncated__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                    unverified: unverified__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RepoDiff", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RepoLanded {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.repo.is_empty() {
            len += 1;
        }
        if self.how != 0 {
            len += 1;
        }
        if !self.trunk_commit.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RepoLanded", len)?;
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if self.how != 0 {
            let v = MergeMethod::try_from(self.how)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.how)))?;
            struct_ser.serialize_field("how", &v)?;
        }
        if !self.trunk_commit.is_empty() {
            struct_ser.serialize_field("trunkCommit", &self.trunk_commit)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RepoLanded {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "repo",
            "how",
            "trunk_commit",
            "trunkCommit",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Repo,
            How,
            TrunkCommit,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "repo" => Ok(GeneratedField::Repo),
                            "how" => Ok(GeneratedField::How),
                            "trunkCommit" | "trunk_commit" => Ok(GeneratedField::TrunkCommit),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RepoLanded;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RepoLanded")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RepoLanded, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut repo__ = None;
                let mut how__ = None;
                let mut trunk_commit__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::How => {
                            if how__.is_some() {
                                return Err(serde::de::Error::duplicate_field("how"));
                            }
                            how__ = Some(map_.next_value::<MergeMethod>()? as i32);
                        }
                        GeneratedField::TrunkCommit => {
                            if trunk_commit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("trunkCommit"));
                            }
                            trunk_commit__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RepoLanded {
                    repo: repo__.unwrap_or_default(),
                    how: how__.unwrap_or_default(),
                    trunk_commit: trunk_commit__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RepoLanded", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RepoPush {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if !self.commit.is_empty() {
            len += 1;
        }
        if self.updated_at_ms != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RepoPush", len)?;
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if !self.commit.is_empty() {
            struct_ser.serialize_field("commit", &self.commit)?;
        }
        if self.updated_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("updatedAtMs", ToString::to_string(&self.updated_at_ms).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RepoPush {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "repo",
            "state",
            "commit",
            "updated_at_ms",
            "updatedAtMs",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Repo,
            State,
            Commit,
            UpdatedAtMs,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "repo" => Ok(GeneratedField::Repo),
                            "state" => Ok(GeneratedField::State),
                            "commit" => Ok(GeneratedField::Commit),
                            "updatedAtMs" | "updated_at_ms" => Ok(GeneratedField::UpdatedAtMs),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RepoPush;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RepoPush")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RepoPush, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut repo__ = None;
                let mut state__ = None;
                let mut commit__ = None;
                let mut updated_at_ms__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Commit => {
                            if commit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("commit"));
                            }
                            commit__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UpdatedAtMs => {
                            if updated_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updatedAtMs"));
                            }
                            updated_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(RepoPush {
                    repo: repo__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    commit: commit__.unwrap_or_default(),
                    updated_at_ms: updated_at_ms__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RepoPush", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RepoPushChanged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if !self.commit.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RepoPushChanged", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if !self.commit.is_empty() {
            struct_ser.serialize_field("commit", &self.commit)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RepoPushChanged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "repo",
            "state",
            "commit",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Repo,
            State,
            Commit,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "repo" => Ok(GeneratedField::Repo),
                            "state" => Ok(GeneratedField::State),
                            "commit" => Ok(GeneratedField::Commit),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RepoPushChanged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RepoPushChanged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RepoPushChanged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut repo__ = None;
                let mut state__ = None;
                let mut commit__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Commit => {
                            if commit__.is_some() {
                                return Err(serde::de::Error::duplicate_field("commit"));
                            }
                            commit__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RepoPushChanged {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    commit: commit__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RepoPushChanged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RetireAgentRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.project.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.RetireAgentRequest", len)?;
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.project.is_empty() {
            struct_ser.serialize_field("project", &self.project)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RetireAgentRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "project",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Project,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "project" => Ok(GeneratedField::Project),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RetireAgentRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.RetireAgentRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RetireAgentRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut project__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Project => {
                            if project__.is_some() {
                                return Err(serde::de::Error::duplicate_field("project"));
                            }
                            project__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RetireAgentRequest {
                    agent: agent__.unwrap_or_default(),
                    project: project__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.RetireAgentRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SecretDeleted {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SecretDeleted", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SecretDeleted {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SecretDeleted;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SecretDeleted")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SecretDeleted, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SecretDeleted {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SecretDeleted", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SecretInfo {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if self.set_at_ms != 0 {
            len += 1;
        }
        if !self.forge.is_empty() {
            len += 1;
        }
        if !self.forge_username.is_empty() {
            len += 1;
        }
        if !self.ssh_key.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SecretInfo", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if self.set_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("setAtMs", ToString::to_string(&self.set_at_ms).as_str())?;
        }
        if !self.forge.is_empty() {
            struct_ser.serialize_field("forge", &self.forge)?;
        }
        if !self.forge_username.is_empty() {
            struct_ser.serialize_field("forgeUsername", &self.forge_username)?;
        }
        if !self.ssh_key.is_empty() {
            struct_ser.serialize_field("sshKey", &self.ssh_key)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SecretInfo {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "set_at_ms",
            "setAtMs",
            "forge",
            "forge_username",
            "forgeUsername",
            "ssh_key",
            "sshKey",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            SetAtMs,
            Forge,
            ForgeUsername,
            SshKey,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "setAtMs" | "set_at_ms" => Ok(GeneratedField::SetAtMs),
                            "forge" => Ok(GeneratedField::Forge),
                            "forgeUsername" | "forge_username" => Ok(GeneratedField::ForgeUsername),
                            "sshKey" | "ssh_key" => Ok(GeneratedField::SshKey),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SecretInfo;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SecretInfo")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SecretInfo, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut set_at_ms__ = None;
                let mut forge__ = None;
                let mut forge_username__ = None;
                let mut ssh_key__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SetAtMs => {
                            if set_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("setAtMs"));
                            }
                            set_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Forge => {
                            if forge__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forge"));
                            }
                            forge__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ForgeUsername => {
                            if forge_username__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forgeUsername"));
                            }
                            forge_username__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SshKey => {
                            if ssh_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sshKey"));
                            }
                            ssh_key__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SecretInfo {
                    name: name__.unwrap_or_default(),
                    set_at_ms: set_at_ms__.unwrap_or_default(),
                    forge: forge__.unwrap_or_default(),
                    forge_username: forge_username__.unwrap_or_default(),
                    ssh_key: ssh_key__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SecretInfo", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SecretSet {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SecretSet", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SecretSet {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SecretSet;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SecretSet")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SecretSet, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SecretSet {
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SecretSet", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SecretsDelivered {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.names.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SecretsDelivered", len)?;
        if !self.names.is_empty() {
            struct_ser.serialize_field("names", &self.names)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SecretsDelivered {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "names",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Names,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "names" => Ok(GeneratedField::Names),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SecretsDelivered;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SecretsDelivered")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SecretsDelivered, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut names__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Names => {
                            if names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("names"));
                            }
                            names__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SecretsDelivered {
                    names: names__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SecretsDelivered", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SetSecretRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.value.is_empty() {
            len += 1;
        }
        if !self.forge.is_empty() {
            len += 1;
        }
        if !self.forge_username.is_empty() {
            len += 1;
        }
        if !self.ssh_key.is_empty() {
            len += 1;
        }
        if !self.known_hosts.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SetSecretRequest", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.value.is_empty() {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("value", pbjson::private::base64::encode(&self.value).as_str())?;
        }
        if !self.forge.is_empty() {
            struct_ser.serialize_field("forge", &self.forge)?;
        }
        if !self.forge_username.is_empty() {
            struct_ser.serialize_field("forgeUsername", &self.forge_username)?;
        }
        if !self.ssh_key.is_empty() {
            struct_ser.serialize_field("sshKey", &self.ssh_key)?;
        }
        if !self.known_hosts.is_empty() {
            struct_ser.serialize_field("knownHosts", &self.known_hosts)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SetSecretRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "value",
            "forge",
            "forge_username",
            "forgeUsername",
            "ssh_key",
            "sshKey",
            "known_hosts",
            "knownHosts",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Value,
            Forge,
            ForgeUsername,
            SshKey,
            KnownHosts,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "value" => Ok(GeneratedField::Value),
                            "forge" => Ok(GeneratedField::Forge),
                            "forgeUsername" | "forge_username" => Ok(GeneratedField::ForgeUsername),
                            "sshKey" | "ssh_key" => Ok(GeneratedField::SshKey),
                            "knownHosts" | "known_hosts" => Ok(GeneratedField::KnownHosts),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SetSecretRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SetSecretRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SetSecretRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut value__ = None;
                let mut forge__ = None;
                let mut forge_username__ = None;
                let mut ssh_key__ = None;
                let mut known_hosts__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Value => {
                            if value__.is_some() {
                                return Err(serde::de::Error::duplicate_field("value"));
                            }
                            value__ = 
                                Some(map_.next_value::<::pbjson::private::BytesDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Forge => {
                            if forge__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forge"));
                            }
                            forge__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ForgeUsername => {
                            if forge_username__.is_some() {
                                return Err(serde::de::Error::duplicate_field("forgeUsername"));
                            }
                            forge_username__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SshKey => {
                            if ssh_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sshKey"));
                            }
                            ssh_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::KnownHosts => {
                            if known_hosts__.is_some() {
                                return Err(serde::de::Error::duplicate_field("knownHosts"));
                            }
                            known_hosts__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SetSecretRequest {
                    name: name__.unwrap_or_default(),
                    value: value__.unwrap_or_default(),
                    forge: forge__.unwrap_or_default(),
                    forge_username: forge_username__.unwrap_or_default(),
                    ssh_key: ssh_key__.unwrap_or_default(),
                    known_hosts: known_hosts__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SetSecretRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SetWardenEnabledRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.enabled {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SetWardenEnabledRequest", len)?;
        if self.enabled {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SetWardenEnabledRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "enabled" => Ok(GeneratedField::Enabled),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SetWardenEnabledRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SetWardenEnabledRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SetWardenEnabledRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SetWardenEnabledRequest {
                    enabled: enabled__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SetWardenEnabledRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SetWorkstreamStateRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SetWorkstreamStateRequest", len)?;
        if !self.workstream.is_empty() {
            struct_ser.serialize_field("workstream", &self.workstream)?;
        }
        if self.state != 0 {
            let v = WorkstreamState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SetWorkstreamStateRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream",
            "state",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstream,
            State,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstream" => Ok(GeneratedField::Workstream),
                            "state" => Ok(GeneratedField::State),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SetWorkstreamStateRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SetWorkstreamStateRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SetWorkstreamStateRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream__ = None;
                let mut state__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                    }
                }
                Ok(SetWorkstreamStateRequest {
                    workstream: workstream__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SetWorkstreamStateRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Severity {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "SEVERITY_UNSPECIFIED",
            Self::Low => "SEVERITY_LOW",
            Self::Medium => "SEVERITY_MEDIUM",
            Self::High => "SEVERITY_HIGH",
            Self::Critical => "SEVERITY_CRITICAL",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for Severity {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "SEVERITY_UNSPECIFIED",
            "SEVERITY_LOW",
            "SEVERITY_MEDIUM",
            "SEVERITY_HIGH",
            "SEVERITY_CRITICAL",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = Severity;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "SEVERITY_UNSPECIFIED" => Ok(Severity::Unspecified),
                    "SEVERITY_LOW" => Ok(Severity::Low),
                    "SEVERITY_MEDIUM" => Ok(Severity::Medium),
                    "SEVERITY_HIGH" => Ok(Severity::High),
                    "SEVERITY_CRITICAL" => Ok(Severity::Critical),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for ShellClosed {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.session.is_empty() {
            len += 1;
        }
        if !self.by.is_empty() {
            len += 1;
        }
        if self.exit_code.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ShellClosed", len)?;
        if !self.session.is_empty() {
            struct_ser.serialize_field("session", &self.session)?;
        }
        if !self.by.is_empty() {
            struct_ser.serialize_field("by", &self.by)?;
        }
        if let Some(v) = self.exit_code.as_ref() {
            struct_ser.serialize_field("exitCode", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ShellClosed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "session",
            "by",
            "exit_code",
            "exitCode",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Session,
            By,
            ExitCode,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "session" => Ok(GeneratedField::Session),
                            "by" => Ok(GeneratedField::By),
                            "exitCode" | "exit_code" => Ok(GeneratedField::ExitCode),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ShellClosed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ShellClosed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ShellClosed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut session__ = None;
                let mut by__ = None;
                let mut exit_code__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Session => {
                            if session__.is_some() {
                                return Err(serde::de::Error::duplicate_field("session"));
                            }
                            session__ = Some(map_.next_value()?);
                        }
                        GeneratedField::By => {
                            if by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("by"));
                            }
                            by__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExitCode => {
                            if exit_code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("exitCode"));
                            }
                            exit_code__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                    }
                }
                Ok(ShellClosed {
                    session: session__.unwrap_or_default(),
                    by: by__.unwrap_or_default(),
                    exit_code: exit_code__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ShellClosed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ShellOpened {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.session.is_empty() {
            len += 1;
        }
        if !self.by.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ShellOpened", len)?;
        if !self.session.is_empty() {
            struct_ser.serialize_field("session", &self.session)?;
        }
        if !self.by.is_empty() {
            struct_ser.serialize_field("by", &self.by)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ShellOpened {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "session",
            "by",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Session,
            By,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "session" => Ok(GeneratedField::Session),
                            "by" => Ok(GeneratedField::By),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ShellOpened;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ShellOpened")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ShellOpened, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut session__ = None;
                let mut by__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Session => {
                            if session__.is_some() {
                                return Err(serde::de::Error::duplicate_field("session"));
                            }
                            session__ = Some(map_.next_value()?);
                        }
                        GeneratedField::By => {
                            if by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("by"));
                            }
                            by__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ShellOpened {
                    session: session__.unwrap_or_default(),
                    by: by__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ShellOpened", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SkippedIssue {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.key.is_empty() {
            len += 1;
        }
        if !self.reason.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SkippedIssue", len)?;
        if !self.key.is_empty() {
            struct_ser.serialize_field("key", &self.key)?;
        }
        if !self.reason.is_empty() {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SkippedIssue {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "key",
            "reason",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Key,
            Reason,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "key" => Ok(GeneratedField::Key),
                            "reason" => Ok(GeneratedField::Reason),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SkippedIssue;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SkippedIssue")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SkippedIssue, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut key__ = None;
                let mut reason__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Key => {
                            if key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("key"));
                            }
                            key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SkippedIssue {
                    key: key__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SkippedIssue", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Source {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if self.kind != 0 {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.repo.is_empty() {
            len += 1;
        }
        if !self.team.is_empty() {
            len += 1;
        }
        if !self.project_key.is_empty() {
            len += 1;
        }
        if !self.api_url.is_empty() {
            len += 1;
        }
        if !self.token_secret.is_empty() {
            len += 1;
        }
        if !self.labels.is_empty() {
            len += 1;
        }
        if !self.assignee.is_empty() {
            len += 1;
        }
        if !self.state.is_empty() {
            len += 1;
        }
        if self.writeback_state {
            len += 1;
        }
        if self.writeback_labels {
            len += 1;
        }
        if self.writeback_comments {
            len += 1;
        }
        if !self.cursor.is_empty() {
            len += 1;
        }
        if self.health != 0 {
            len += 1;
        }
        if !self.last_error.is_empty() {
            len += 1;
        }
        if self.last_sync_ms != 0 {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        if self.issues != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Source", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if self.kind != 0 {
            let v = SourceKind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.repo.is_empty() {
            struct_ser.serialize_field("repo", &self.repo)?;
        }
        if !self.team.is_empty() {
            struct_ser.serialize_field("team", &self.team)?;
        }
        if !self.project_key.is_empty() {
            struct_ser.serialize_field("projectKey", &self.project_key)?;
        }
        if !self.api_url.is_empty() {
            struct_ser.serialize_field("apiUrl", &self.api_url)?;
        }
        if !self.token_secret.is_empty() {
            struct_ser.serialize_field("tokenSecret", &self.token_secret)?;
        }
        if !self.labels.is_empty() {
            struct_ser.serialize_field("labels", &self.labels)?;
        }
        if !self.assignee.is_empty() {
            struct_ser.serialize_field("assignee", &self.assignee)?;
        }
        if !self.state.is_empty() {
            struct_ser.serialize_field("state", &self.state)?;
        }
        if self.writeback_state {
            struct_ser.serialize_field("writebackState", &self.writeback_state)?;
        }
        if self.writeback_labels {
            struct_ser.serialize_field("writebackLabels", &self.writeback_labels)?;
        }
        if self.writeback_comments {
            struct_ser.serialize_field("writebackComments", &self.writeback_comments)?;
        }
        if !self.cursor.is_empty() {
            struct_ser.serialize_field("cursor", &self.cursor)?;
        }
        if self.health != 0 {
            let v = SourceHealth::try_from(self.health)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.health)))?;
            struct_ser.serialize_field("health", &v)?;
        }
        if !self.last_error.is_empty() {
            struct_ser.serialize_field("lastError", &self.last_error)?;
        }
        if self.last_sync_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("lastSyncMs", ToString::to_string(&self.last_sync_ms).as_str())?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        if self.issues != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("issues", ToString::to_string(&self.issues).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Source {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "project_id",
            "projectId",
            "kind",
            "name",
            "repo",
            "team",
            "project_key",
            "projectKey",
            "api_url",
            "apiUrl",
            "token_secret",
            "tokenSecret",
            "labels",
            "assignee",
            "state",
            "writeback_state",
            "writebackState",
            "writeback_labels",
            "writebackLabels",
            "writeback_comments",
            "writebackComments",
            "cursor",
            "health",
            "last_error",
            "lastError",
            "last_sync_ms",
            "lastSyncMs",
            "created_at_ms",
            "createdAtMs",
            "issues",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            ProjectId,
            Kind,
            Name,
            Repo,
            Team,
            ProjectKey,
            ApiUrl,
            TokenSecret,
            Labels,
            Assignee,
            State,
            WritebackState,
            WritebackLabels,
            WritebackComments,
            Cursor,
            Health,
            LastError,
            LastSyncMs,
            CreatedAtMs,
            Issues,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "kind" => Ok(GeneratedField::Kind),
                            "name" => Ok(GeneratedField::Name),
                            "repo" => Ok(GeneratedField::Repo),
                            "team" => Ok(GeneratedField::Team),
                            "projectKey" | "project_key" => Ok(GeneratedField::ProjectKey),
                            "apiUrl" | "api_url" => Ok(GeneratedField::ApiUrl),
                            "tokenSecret" | "token_secret" => Ok(GeneratedField::TokenSecret),
                            "labels" => Ok(GeneratedField::Labels),
                            "assignee" => Ok(GeneratedField::Assignee),
                            "state" => Ok(GeneratedField::State),
                            "writebackState" | "writeback_state" => Ok(GeneratedField::WritebackState),
                            "writebackLabels" | "writeback_labels" => Ok(GeneratedField::WritebackLabels),
                            "writebackComments" | "writeback_comments" => Ok(GeneratedField::WritebackComments),
                            "cursor" => Ok(GeneratedField::Cursor),
                            "health" => Ok(GeneratedField::Health),
                            "lastError" | "last_error" => Ok(GeneratedField::LastError),
                            "lastSyncMs" | "last_sync_ms" => Ok(GeneratedField::LastSyncMs),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            "issues" => Ok(GeneratedField::Issues),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Source;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Source")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Source, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut project_id__ = None;
                let mut kind__ = None;
                let mut name__ = None;
                let mut repo__ = None;
                let mut team__ = None;
                let mut project_key__ = None;
                let mut api_url__ = None;
                let mut token_secret__ = None;
                let mut labels__ = None;
                let mut assignee__ = None;
                let mut state__ = None;
                let mut writeback_state__ = None;
                let mut writeback_labels__ = None;
                let mut writeback_comments__ = None;
                let mut cursor__ = None;
                let mut health__ = None;
                let mut last_error__ = None;
                let mut last_sync_ms__ = None;
                let mut created_at_ms__ = None;
                let mut issues__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<SourceKind>()? as i32);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repo => {
                            if repo__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repo"));
                            }
                            repo__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Team => {
                            if team__.is_some() {
                                return Err(serde::de::Error::duplicate_field("team"));
                            }
                            team__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectKey => {
                            if project_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectKey"));
                            }
                            project_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ApiUrl => {
                            if api_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("apiUrl"));
                            }
                            api_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TokenSecret => {
                            if token_secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tokenSecret"));
                            }
                            token_secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Labels => {
                            if labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("labels"));
                            }
                            labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Assignee => {
                            if assignee__.is_some() {
                                return Err(serde::de::Error::duplicate_field("assignee"));
                            }
                            assignee__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WritebackState => {
                            if writeback_state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("writebackState"));
                            }
                            writeback_state__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WritebackLabels => {
                            if writeback_labels__.is_some() {
                                return Err(serde::de::Error::duplicate_field("writebackLabels"));
                            }
                            writeback_labels__ = Some(map_.next_value()?);
                        }
                        GeneratedField::WritebackComments => {
                            if writeback_comments__.is_some() {
                                return Err(serde::de::Error::duplicate_field("writebackComments"));
                            }
                            writeback_comments__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cursor => {
                            if cursor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cursor"));
                            }
                            cursor__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Health => {
                            if health__.is_some() {
                                return Err(serde::de::Error::duplicate_field("health"));
                            }
                            health__ = Some(map_.next_value::<SourceHealth>()? as i32);
                        }
                        GeneratedField::LastError => {
                            if last_error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastError"));
                            }
                            last_error__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LastSyncMs => {
                            if last_sync_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastSyncMs"));
                            }
                            last_sync_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Issues => {
                            if issues__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issues"));
                            }
                            issues__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(Source {
                    id: id__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    kind: kind__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    repo: repo__.unwrap_or_default(),
                    team: team__.unwrap_or_default(),
                    project_key: project_key__.unwrap_or_default(),
                    api_url: api_url__.unwrap_or_default(),
                    token_secret: token_secret__.unwrap_or_default(),
                    labels: labels__.unwrap_or_default(),
                    assignee: assignee__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    writeback_state: writeback_state__.unwrap_or_default(),
                    writeback_labels: writeback_labels__.unwrap_or_default(),
                    writeback_comments: writeback_comments__.unwrap_or_default(),
                    cursor: cursor__.unwrap_or_default(),
                    health: health__.unwrap_or_default(),
                    last_error: last_error__.unwrap_or_default(),
                    last_sync_ms: last_sync_ms__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                    issues: issues__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Source", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceAdded {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.source.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourceAdded", len)?;
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourceAdded {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Source,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "source" => Ok(GeneratedField::Source),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourceAdded;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourceAdded")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourceAdded, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                    }
                }
                Ok(SourceAdded {
                    source: source__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourceAdded", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceFailed {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source_id.is_empty() {
            len += 1;
        }
        if !self.error.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourceFailed", len)?;
        if !self.source_id.is_empty() {
            struct_ser.serialize_field("sourceId", &self.source_id)?;
        }
        if !self.error.is_empty() {
            struct_ser.serialize_field("error", &self.error)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourceFailed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source_id",
            "sourceId",
            "error",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            SourceId,
            Error,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sourceId" | "source_id" => Ok(GeneratedField::SourceId),
                            "error" => Ok(GeneratedField::Error),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourceFailed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourceFailed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourceFailed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source_id__ = None;
                let mut error__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::SourceId => {
                            if source_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceId"));
                            }
                            source_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Error => {
                            if error__.is_some() {
                                return Err(serde::de::Error::duplicate_field("error"));
                            }
                            error__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SourceFailed {
                    source_id: source_id__.unwrap_or_default(),
                    error: error__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourceFailed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceHealth {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "SOURCE_HEALTH_UNSPECIFIED",
            Self::New => "SOURCE_HEALTH_NEW",
            Self::Ok => "SOURCE_HEALTH_OK",
            Self::Failing => "SOURCE_HEALTH_FAILING",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for SourceHealth {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "SOURCE_HEALTH_UNSPECIFIED",
            "SOURCE_HEALTH_NEW",
            "SOURCE_HEALTH_OK",
            "SOURCE_HEALTH_FAILING",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = SourceHealth;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "SOURCE_HEALTH_UNSPECIFIED" => Ok(SourceHealth::Unspecified),
                    "SOURCE_HEALTH_NEW" => Ok(SourceHealth::New),
                    "SOURCE_HEALTH_OK" => Ok(SourceHealth::Ok),
                    "SOURCE_HEALTH_FAILING" => Ok(SourceHealth::Failing),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for SourceKind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "SOURCE_KIND_UNSPECIFIED",
            Self::Github => "SOURCE_KIND_GITHUB",
            Self::Linear => "SOURCE_KIND_LINEAR",
            Self::Jira => "SOURCE_KIND_JIRA",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for SourceKind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "SOURCE_KIND_UNSPECIFIED",
            "SOURCE_KIND_GITHUB",
            "SOURCE_KIND_LINEAR",
            "SOURCE_KIND_JIRA",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = SourceKind;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "SOURCE_KIND_UNSPECIFIED" => Ok(SourceKind::Unspecified),
                    "SOURCE_KIND_GITHUB" => Ok(SourceKind::Github),
                    "SOURCE_KIND_LINEAR" => Ok(SourceKind::Linear),
                    "SOURCE_KIND_JIRA" => Ok(SourceKind::Jira),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for SourcePatternRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.pattern.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourcePatternRequest", len)?;
        if !self.pattern.is_empty() {
            struct_ser.serialize_field("pattern", &self.pattern)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourcePatternRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "pattern",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Pattern,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "pattern" => Ok(GeneratedField::Pattern),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourcePatternRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourcePatternRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourcePatternRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut pattern__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Pattern => {
                            if pattern__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pattern"));
                            }
                            pattern__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SourcePatternRequest {
                    pattern: pattern__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourcePatternRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceRemoved {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source_id.is_empty() {
            len += 1;
        }
        if !self.name.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourceRemoved", len)?;
        if !self.source_id.is_empty() {
            struct_ser.serialize_field("sourceId", &self.source_id)?;
        }
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourceRemoved {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source_id",
            "sourceId",
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            SourceId,
            Name,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sourceId" | "source_id" => Ok(GeneratedField::SourceId),
                            "name" => Ok(GeneratedField::Name),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourceRemoved;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourceRemoved")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourceRemoved, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source_id__ = None;
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::SourceId => {
                            if source_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceId"));
                            }
                            source_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SourceRemoved {
                    source_id: source_id__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourceRemoved", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceSynced {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source_id.is_empty() {
            len += 1;
        }
        if self.created != 0 {
            len += 1;
        }
        if self.updated != 0 {
            len += 1;
        }
        if self.unchanged != 0 {
            len += 1;
        }
        if !self.skipped.is_empty() {
            len += 1;
        }
        if !self.cursor.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourceSynced", len)?;
        if !self.source_id.is_empty() {
            struct_ser.serialize_field("sourceId", &self.source_id)?;
        }
        if self.created != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("created", ToString::to_string(&self.created).as_str())?;
        }
        if self.updated != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("updated", ToString::to_string(&self.updated).as_str())?;
        }
        if self.unchanged != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("unchanged", ToString::to_string(&self.unchanged).as_str())?;
        }
        if !self.skipped.is_empty() {
            struct_ser.serialize_field("skipped", &self.skipped)?;
        }
        if !self.cursor.is_empty() {
            struct_ser.serialize_field("cursor", &self.cursor)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourceSynced {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source_id",
            "sourceId",
            "created",
            "updated",
            "unchanged",
            "skipped",
            "cursor",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            SourceId,
            Created,
            Updated,
            Unchanged,
            Skipped,
            Cursor,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sourceId" | "source_id" => Ok(GeneratedField::SourceId),
                            "created" => Ok(GeneratedField::Created),
                            "updated" => Ok(GeneratedField::Updated),
                            "unchanged" => Ok(GeneratedField::Unchanged),
                            "skipped" => Ok(GeneratedField::Skipped),
                            "cursor" => Ok(GeneratedField::Cursor),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourceSynced;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourceSynced")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourceSynced, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source_id__ = None;
                let mut created__ = None;
                let mut updated__ = None;
                let mut unchanged__ = None;
                let mut skipped__ = None;
                let mut cursor__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::SourceId => {
                            if source_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceId"));
                            }
                            source_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Created => {
                            if created__.is_some() {
                                return Err(serde::de::Error::duplicate_field("created"));
                            }
                            created__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Updated => {
                            if updated__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updated"));
                            }
                            updated__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Unchanged => {
                            if unchanged__.is_some() {
                                return Err(serde::de::Error::duplicate_field("unchanged"));
                            }
                            unchanged__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Skipped => {
                            if skipped__.is_some() {
                                return Err(serde::de::Error::duplicate_field("skipped"));
                            }
                            skipped__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Cursor => {
                            if cursor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cursor"));
                            }
                            cursor__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SourceSynced {
                    source_id: source_id__.unwrap_or_default(),
                    created: created__.unwrap_or_default(),
                    updated: updated__.unwrap_or_default(),
                    unchanged: unchanged__.unwrap_or_default(),
                    skipped: skipped__.unwrap_or_default(),
                    cursor: cursor__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourceSynced", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SourceWriteback {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source_id.is_empty() {
            len += 1;
        }
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.action.is_empty() {
            len += 1;
        }
        if self.ok {
            len += 1;
        }
        if !self.detail.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SourceWriteback", len)?;
        if !self.source_id.is_empty() {
            struct_ser.serialize_field("sourceId", &self.source_id)?;
        }
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.action.is_empty() {
            struct_ser.serialize_field("action", &self.action)?;
        }
        if self.ok {
            struct_ser.serialize_field("ok", &self.ok)?;
        }
        if !self.detail.is_empty() {
            struct_ser.serialize_field("detail", &self.detail)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SourceWriteback {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source_id",
            "sourceId",
            "issue_id",
            "issueId",
            "action",
            "ok",
            "detail",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            SourceId,
            IssueId,
            Action,
            Ok,
            Detail,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "sourceId" | "source_id" => Ok(GeneratedField::SourceId),
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "action" => Ok(GeneratedField::Action),
                            "ok" => Ok(GeneratedField::Ok),
                            "detail" => Ok(GeneratedField::Detail),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SourceWriteback;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SourceWriteback")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SourceWriteback, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source_id__ = None;
                let mut issue_id__ = None;
                let mut action__ = None;
                let mut ok__ = None;
                let mut detail__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::SourceId => {
                            if source_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sourceId"));
                            }
                            source_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Action => {
                            if action__.is_some() {
                                return Err(serde::de::Error::duplicate_field("action"));
                            }
                            action__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ok => {
                            if ok__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ok"));
                            }
                            ok__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Detail => {
                            if detail__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detail"));
                            }
                            detail__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SourceWriteback {
                    source_id: source_id__.unwrap_or_default(),
                    issue_id: issue_id__.unwrap_or_default(),
                    action: action__.unwrap_or_default(),
                    ok: ok__.unwrap_or_default(),
                    detail: detail__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SourceWriteback", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for StaleReason {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "STALE_REASON_UNSPECIFIED",
            Self::Assigned => "STALE_REASON_ASSIGNED",
            Self::Closed => "STALE_REASON_CLOSED",
            Self::Gone => "STALE_REASON_GONE",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for StaleReason {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "STALE_REASON_UNSPECIFIED",
            "STALE_REASON_ASSIGNED",
            "STALE_REASON_CLOSED",
            "STALE_REASON_GONE",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = StaleReason;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "STALE_REASON_UNSPECIFIED" => Ok(StaleReason::Unspecified),
                    "STALE_REASON_ASSIGNED" => Ok(StaleReason::Assigned),
                    "STALE_REASON_CLOSED" => Ok(StaleReason::Closed),
                    "STALE_REASON_GONE" => Ok(StaleReason::Gone),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for StartAgentRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.agent.is_some() {
            len += 1;
        }
        if !self.scenario.is_empty() {
            len += 1;
        }
        if !self.secrets.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.StartAgentRequest", len)?;
        if let Some(v) = self.agent.as_ref() {
            struct_ser.serialize_field("agent", v)?;
        }
        if !self.scenario.is_empty() {
            struct_ser.serialize_field("scenario", &self.scenario)?;
        }
        if !self.secrets.is_empty() {
            struct_ser.serialize_field("secrets", &self.secrets)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for StartAgentRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "agent",
            "scenario",
            "secrets",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Agent,
            Scenario,
            Secrets,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "agent" => Ok(GeneratedField::Agent),
                            "scenario" => Ok(GeneratedField::Scenario),
                            "secrets" => Ok(GeneratedField::Secrets),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = StartAgentRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.StartAgentRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<StartAgentRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut agent__ = None;
                let mut scenario__ = None;
                let mut secrets__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = map_.next_value()?;
                        }
                        GeneratedField::Scenario => {
                            if scenario__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scenario"));
                            }
                            scenario__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Secrets => {
                            if secrets__.is_some() {
                                return Err(serde::de::Error::duplicate_field("secrets"));
                            }
                            secrets__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(StartAgentRequest {
                    agent: agent__,
                    scenario: scenario__.unwrap_or_default(),
                    secrets: secrets__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.StartAgentRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SubscribeRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.after_seq != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SubscribeRequest", len)?;
        if self.after_seq != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("afterSeq", ToString::to_string(&self.after_seq).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SubscribeRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "after_seq",
            "afterSeq",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AfterSeq,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "afterSeq" | "after_seq" => Ok(GeneratedField::AfterSeq),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SubscribeRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SubscribeRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SubscribeRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut after_seq__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AfterSeq => {
                            if after_seq__.is_some() {
                                return Err(serde::de::Error::duplicate_field("afterSeq"));
                            }
                            after_seq__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(SubscribeRequest {
                    after_seq: after_seq__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SubscribeRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SyncSourceRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.source.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SyncSourceRequest", len)?;
        if !self.source.is_empty() {
            struct_ser.serialize_field("source", &self.source)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SyncSourceRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Source,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "source" => Ok(GeneratedField::Source),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SyncSourceRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SyncSourceRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SyncSourceRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SyncSourceRequest {
                    source: source__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SyncSourceRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SyncSourceResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.source.is_some() {
            len += 1;
        }
        if self.created != 0 {
            len += 1;
        }
        if self.updated != 0 {
            len += 1;
        }
        if self.unchanged != 0 {
            len += 1;
        }
        if !self.skipped.is_empty() {
            len += 1;
        }
        if self.pages != 0 {
            len += 1;
        }
        if self.pull_requests != 0 {
            len += 1;
        }
        if self.waited_ms != 0 {
            len += 1;
        }
        if self.gone != 0 {
            len += 1;
        }
        if self.probe_errors != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.SyncSourceResponse", len)?;
        if let Some(v) = self.source.as_ref() {
            struct_ser.serialize_field("source", v)?;
        }
        if self.created != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("created", ToString::to_string(&self.created).as_str())?;
        }
        if self.updated != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("updated", ToString::to_string(&self.updated).as_str())?;
        }
        if self.unchanged != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("unchanged", ToString::to_string(&self.unchanged).as_str())?;
        }
        if !self.skipped.is_empty() {
            struct_ser.serialize_field("skipped", &self.skipped)?;
        }
        if self.pages != 0 {
            struct_ser.serialize_field("pages", &self.pages)?;
        }
        if self.pull_requests != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("pullRequests", ToString::to_string(&self.pull_requests).as_str())?;
        }
        if self.waited_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("waitedMs", ToString::to_string(&self.waited_ms).as_str())?;
        }
        if self.gone != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("gone", ToString::to_string(&self.gone).as_str())?;
        }
        if self.probe_errors != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("probeErrors", ToString::to_string(&self.probe_errors).as_str())?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SyncSourceResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "source",
            "created",
            "updated",
            "unchanged",
            "skipped",
            "pages",
            "pull_requests",
            "pullRequests",
            "waited_ms",
            "waitedMs",
            "gone",
            "probe_errors",
            "probeErrors",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Source,
            Created,
            Updated,
            Unchanged,
            Skipped,
            Pages,
            PullRequests,
            WaitedMs,
            Gone,
            ProbeErrors,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "source" => Ok(GeneratedField::Source),
                            "created" => Ok(GeneratedField::Created),
                            "updated" => Ok(GeneratedField::Updated),
                            "unchanged" => Ok(GeneratedField::Unchanged),
                            "skipped" => Ok(GeneratedField::Skipped),
                            "pages" => Ok(GeneratedField::Pages),
                            "pullRequests" | "pull_requests" => Ok(GeneratedField::PullRequests),
                            "waitedMs" | "waited_ms" => Ok(GeneratedField::WaitedMs),
                            "gone" => Ok(GeneratedField::Gone),
                            "probeErrors" | "probe_errors" => Ok(GeneratedField::ProbeErrors),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SyncSourceResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.SyncSourceResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SyncSourceResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut source__ = None;
                let mut created__ = None;
                let mut updated__ = None;
                let mut unchanged__ = None;
                let mut skipped__ = None;
                let mut pages__ = None;
                let mut pull_requests__ = None;
                let mut waited_ms__ = None;
                let mut gone__ = None;
                let mut probe_errors__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Source => {
                            if source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("source"));
                            }
                            source__ = map_.next_value()?;
                        }
                        GeneratedField::Created => {
                            if created__.is_some() {
                                return Err(serde::de::Error::duplicate_field("created"));
                            }
                            created__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Updated => {
                            if updated__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updated"));
                            }
                            updated__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Unchanged => {
                            if unchanged__.is_some() {
                                return Err(serde::de::Error::duplicate_field("unchanged"));
                            }
                            unchanged__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Skipped => {
                            if skipped__.is_some() {
                                return Err(serde::de::Error::duplicate_field("skipped"));
                            }
                            skipped__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pages => {
                            if pages__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pages"));
                            }
                            pages__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::PullRequests => {
                            if pull_requests__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pullRequests"));
                            }
                            pull_requests__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::WaitedMs => {
                            if waited_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("waitedMs"));
                            }
                            waited_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Gone => {
                            if gone__.is_some() {
                                return Err(serde::de::Error::duplicate_field("gone"));
                            }
                            gone__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::ProbeErrors => {
                            if probe_errors__.is_some() {
                                return Err(serde::de::Error::duplicate_field("probeErrors"));
                            }
                            probe_errors__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(SyncSourceResponse {
                    source: source__,
                    created: created__.unwrap_or_default(),
                    updated: updated__.unwrap_or_default(),
                    unchanged: unchanged__.unwrap_or_default(),
                    skipped: skipped__.unwrap_or_default(),
                    pages: pages__.unwrap_or_default(),
                    pull_requests: pull_requests__.unwrap_or_default(),
                    waited_ms: waited_ms__.unwrap_or_default(),
                    gone: gone__.unwrap_or_default(),
                    probe_errors: probe_errors__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.SyncSourceResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Theme {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.name.is_empty() {
            len += 1;
        }
        if !self.names.is_empty() {
            len += 1;
        }
        if self.builtin {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Theme", len)?;
        if !self.name.is_empty() {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if !self.names.is_empty() {
            struct_ser.serialize_field("names", &self.names)?;
        }
        if self.builtin {
            struct_ser.serialize_field("builtin", &self.builtin)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Theme {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "name",
            "names",
            "builtin",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Name,
            Names,
            Builtin,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "name" => Ok(GeneratedField::Name),
                            "names" => Ok(GeneratedField::Names),
                            "builtin" => Ok(GeneratedField::Builtin),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Theme;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Theme")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Theme, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut name__ = None;
                let mut names__ = None;
                let mut builtin__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Names => {
                            if names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("names"));
                            }
                            names__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Builtin => {
                            if builtin__.is_some() {
                                return Err(serde::de::Error::duplicate_field("builtin"));
                            }
                            builtin__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Theme {
                    name: name__.unwrap_or_default(),
                    names: names__.unwrap_or_default(),
                    builtin: builtin__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Theme", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ThemeAdded {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.theme.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.ThemeAdded", len)?;
        if let Some(v) = self.theme.as_ref() {
            struct_ser.serialize_field("theme", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ThemeAdded {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "theme",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Theme,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "theme" => Ok(GeneratedField::Theme),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ThemeAdded;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.ThemeAdded")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ThemeAdded, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut theme__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Theme => {
                            if theme__.is_some() {
                                return Err(serde::de::Error::duplicate_field("theme"));
                            }
                            theme__ = map_.next_value()?;
                        }
                    }
                }
                Ok(ThemeAdded {
                    theme: theme__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.ThemeAdded", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ToolStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "TOOL_STATUS_UNSPECIFIED",
            Self::Pending => "TOOL_STATUS_PENDING",
            Self::InProgress => "TOOL_STATUS_IN_PROGRESS",
            Self::Completed => "TOOL_STATUS_COMPLETED",
            Self::Failed => "TOOL_STATUS_FAILED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for ToolStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "TOOL_STATUS_UNSPECIFIED",
            "TOOL_STATUS_PENDING",
            "TOOL_STATUS_IN_PROGRESS",
            "TOOL_STATUS_COMPLETED",
            "TOOL_STATUS_FAILED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = ToolStatus;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "TOOL_STATUS_UNSPECIFIED" => Ok(ToolStatus::Unspecified),
                    "TOOL_STATUS_PENDING" => Ok(ToolStatus::Pending),
                    "TOOL_STATUS_IN_PROGRESS" => Ok(ToolStatus::InProgress),
                    "TOOL_STATUS_COMPLETED" => Ok(ToolStatus::Completed),
                    "TOOL_STATUS_FAILED" => Ok(ToolStatus::Failed),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for WaitingItem {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.kind != 0 {
            len += 1;
        }
        if !self.agent.is_empty() {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.detail.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WaitingItem", len)?;
        if self.kind != 0 {
            let v = WaitingKind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if !self.agent.is_empty() {
            struct_ser.serialize_field("agent", &self.agent)?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.detail.is_empty() {
            struct_ser.serialize_field("detail", &self.detail)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WaitingItem {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "kind",
            "agent",
            "issue_key",
            "issueKey",
            "detail",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Kind,
            Agent,
            IssueKey,
            Detail,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "kind" => Ok(GeneratedField::Kind),
                            "agent" => Ok(GeneratedField::Agent),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "detail" => Ok(GeneratedField::Detail),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WaitingItem;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WaitingItem")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WaitingItem, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut kind__ = None;
                let mut agent__ = None;
                let mut issue_key__ = None;
                let mut detail__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<WaitingKind>()? as i32);
                        }
                        GeneratedField::Agent => {
                            if agent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agent"));
                            }
                            agent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Detail => {
                            if detail__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detail"));
                            }
                            detail__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WaitingItem {
                    kind: kind__.unwrap_or_default(),
                    agent: agent__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    detail: detail__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WaitingItem", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WaitingKind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "WAITING_KIND_UNSPECIFIED",
            Self::WardenPause => "WAITING_KIND_WARDEN_PAUSE",
            Self::Review => "WAITING_KIND_REVIEW",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for WaitingKind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "WAITING_KIND_UNSPECIFIED",
            "WAITING_KIND_WARDEN_PAUSE",
            "WAITING_KIND_REVIEW",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = WaitingKind;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "WAITING_KIND_UNSPECIFIED" => Ok(WaitingKind::Unspecified),
                    "WAITING_KIND_WARDEN_PAUSE" => Ok(WaitingKind::WardenPause),
                    "WAITING_KIND_REVIEW" => Ok(WaitingKind::Review),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for WardenChanged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.what.is_empty() {
            len += 1;
        }
        if !self.subject.is_empty() {
            len += 1;
        }
        if !self.by.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WardenChanged", len)?;
        if !self.what.is_empty() {
            struct_ser.serialize_field("what", &self.what)?;
        }
        if !self.subject.is_empty() {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        if !self.by.is_empty() {
            struct_ser.serialize_field("by", &self.by)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WardenChanged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "what",
            "subject",
            "by",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            What,
            Subject,
            By,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "what" => Ok(GeneratedField::What),
                            "subject" => Ok(GeneratedField::Subject),
                            "by" => Ok(GeneratedField::By),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WardenChanged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WardenChanged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WardenChanged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut what__ = None;
                let mut subject__ = None;
                let mut by__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::What => {
                            if what__.is_some() {
                                return Err(serde::de::Error::duplicate_field("what"));
                            }
                            what__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::By => {
                            if by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("by"));
                            }
                            by__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WardenChanged {
                    what: what__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                    by: by__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WardenChanged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WardenStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.enabled {
            len += 1;
        }
        if !self.judge.is_empty() {
            len += 1;
        }
        if self.rules != 0 {
            len += 1;
        }
        if self.decisions != 0 {
            len += 1;
        }
        if self.flags != 0 {
            len += 1;
        }
        if self.detector_runs != 0 {
            len += 1;
        }
        if self.taint_hits != 0 {
            len += 1;
        }
        if !self.allow.is_empty() {
            len += 1;
        }
        if !self.deny.is_empty() {
            len += 1;
        }
        if !self.taint_session.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WardenStatus", len)?;
        if self.enabled {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if !self.judge.is_empty() {
            struct_ser.serialize_field("judge", &self.judge)?;
        }
        if self.rules != 0 {
            struct_ser.serialize_field("rules", &self.rules)?;
        }
        if self.decisions != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("decisions", ToString::to_string(&self.decisions).as_str())?;
        }
        if self.flags != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("flags", ToString::to_string(&self.flags).as_str())?;
        }
        if self.detector_runs != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("detectorRuns", ToString::to_string(&self.detector_runs).as_str())?;
        }
        if self.taint_hits != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("taintHits", ToString::to_string(&self.taint_hits).as_str())?;
        }
        if !self.allow.is_empty() {
            struct_ser.serialize_field("allow", &self.allow)?;
        }
        if !self.deny.is_empty() {
            struct_ser.serialize_field("deny", &self.deny)?;
        }
        if !self.taint_session.is_empty() {
            struct_ser.serialize_field("taintSession", &self.taint_session)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WardenStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
            "judge",
            "rules",
            "decisions",
            "flags",
            "detector_runs",
            "detectorRuns",
            "taint_hits",
            "taintHits",
            "allow",
            "deny",
            "taint_session",
            "taintSession",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
            Judge,
            Rules,
            Decisions,
            Flags,
            DetectorRuns,
            TaintHits,
            Allow,
            Deny,
            TaintSession,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "enabled" => Ok(GeneratedField::Enabled),
                            "judge" => Ok(GeneratedField::Judge),
                            "rules" => Ok(GeneratedField::Rules),
                            "decisions" => Ok(GeneratedField::Decisions),
                            "flags" => Ok(GeneratedField::Flags),
                            "detectorRuns" | "detector_runs" => Ok(GeneratedField::DetectorRuns),
                            "taintHits" | "taint_hits" => Ok(GeneratedField::TaintHits),
                            "allow" => Ok(GeneratedField::Allow),
                            "deny" => Ok(GeneratedField::Deny),
                            "taintSession" | "taint_session" => Ok(GeneratedField::TaintSession),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WardenStatus;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WardenStatus")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WardenStatus, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                let mut judge__ = None;
                let mut rules__ = None;
                let mut decisions__ = None;
                let mut flags__ = None;
                let mut detector_runs__ = None;
                let mut taint_hits__ = None;
                let mut allow__ = None;
                let mut deny__ = None;
                let mut taint_session__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Judge => {
                            if judge__.is_some() {
                                return Err(serde::de::Error::duplicate_field("judge"));
                            }
                            judge__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Rules => {
                            if rules__.is_some() {
                                return Err(serde::de::Error::duplicate_field("rules"));
                            }
                            rules__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Decisions => {
                            if decisions__.is_some() {
                                return Err(serde::de::Error::duplicate_field("decisions"));
                            }
                            decisions__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Flags => {
                            if flags__.is_some() {
                                return Err(serde::de::Error::duplicate_field("flags"));
                            }
                            flags__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::DetectorRuns => {
                            if detector_runs__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detectorRuns"));
                            }
                            detector_runs__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::TaintHits => {
                            if taint_hits__.is_some() {
                                return Err(serde::de::Error::duplicate_field("taintHits"));
                            }
                            taint_hits__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Allow => {
                            if allow__.is_some() {
                                return Err(serde::de::Error::duplicate_field("allow"));
                            }
                            allow__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deny => {
                            if deny__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deny"));
                            }
                            deny__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TaintSession => {
                            if taint_session__.is_some() {
                                return Err(serde::de::Error::duplicate_field("taintSession"));
                            }
                            taint_session__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WardenStatus {
                    enabled: enabled__.unwrap_or_default(),
                    judge: judge__.unwrap_or_default(),
                    rules: rules__.unwrap_or_default(),
                    decisions: decisions__.unwrap_or_default(),
                    flags: flags__.unwrap_or_default(),
                    detector_runs: detector_runs__.unwrap_or_default(),
                    taint_hits: taint_hits__.unwrap_or_default(),
                    allow: allow__.unwrap_or_default(),
                    deny: deny__.unwrap_or_default(),
                    taint_session: taint_session__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WardenStatus", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Workstream {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.id.is_empty() {
            len += 1;
        }
        if !self.project_id.is_empty() {
            len += 1;
        }
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.agent_id.is_empty() {
            len += 1;
        }
        if !self.branch.is_empty() {
            len += 1;
        }
        if self.state != 0 {
            len += 1;
        }
        if self.created_at_ms != 0 {
            len += 1;
        }
        if !self.issue_key.is_empty() {
            len += 1;
        }
        if !self.pushes.is_empty() {
            len += 1;
        }
        if self.ready_at_ms != 0 {
            len += 1;
        }
        if self.queue_position != 0 {
            len += 1;
        }
        if !self.queue_note.is_empty() {
            len += 1;
        }
        if self.queue_done {
            len += 1;
        }
        if !self.pull_requests.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.Workstream", len)?;
        if !self.id.is_empty() {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if !self.project_id.is_empty() {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.agent_id.is_empty() {
            struct_ser.serialize_field("agentId", &self.agent_id)?;
        }
        if !self.branch.is_empty() {
            struct_ser.serialize_field("branch", &self.branch)?;
        }
        if self.state != 0 {
            let v = WorkstreamState::try_from(self.state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.state)))?;
            struct_ser.serialize_field("state", &v)?;
        }
        if self.created_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("createdAtMs", ToString::to_string(&self.created_at_ms).as_str())?;
        }
        if !self.issue_key.is_empty() {
            struct_ser.serialize_field("issueKey", &self.issue_key)?;
        }
        if !self.pushes.is_empty() {
            struct_ser.serialize_field("pushes", &self.pushes)?;
        }
        if self.ready_at_ms != 0 {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("readyAtMs", ToString::to_string(&self.ready_at_ms).as_str())?;
        }
        if self.queue_position != 0 {
            struct_ser.serialize_field("queuePosition", &self.queue_position)?;
        }
        if !self.queue_note.is_empty() {
            struct_ser.serialize_field("queueNote", &self.queue_note)?;
        }
        if self.queue_done {
            struct_ser.serialize_field("queueDone", &self.queue_done)?;
        }
        if !self.pull_requests.is_empty() {
            struct_ser.serialize_field("pullRequests", &self.pull_requests)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Workstream {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "project_id",
            "projectId",
            "issue_id",
            "issueId",
            "agent_id",
            "agentId",
            "branch",
            "state",
            "created_at_ms",
            "createdAtMs",
            "issue_key",
            "issueKey",
            "pushes",
            "ready_at_ms",
            "readyAtMs",
            "queue_position",
            "queuePosition",
            "queue_note",
            "queueNote",
            "queue_done",
            "queueDone",
            "pull_requests",
            "pullRequests",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            ProjectId,
            IssueId,
            AgentId,
            Branch,
            State,
            CreatedAtMs,
            IssueKey,
            Pushes,
            ReadyAtMs,
            QueuePosition,
            QueueNote,
            QueueDone,
            PullRequests,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "id" => Ok(GeneratedField::Id),
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "agentId" | "agent_id" => Ok(GeneratedField::AgentId),
                            "branch" => Ok(GeneratedField::Branch),
                            "state" => Ok(GeneratedField::State),
                            "createdAtMs" | "created_at_ms" => Ok(GeneratedField::CreatedAtMs),
                            "issueKey" | "issue_key" => Ok(GeneratedField::IssueKey),
                            "pushes" => Ok(GeneratedField::Pushes),
                            "readyAtMs" | "ready_at_ms" => Ok(GeneratedField::ReadyAtMs),
                            "queuePosition" | "queue_position" => Ok(GeneratedField::QueuePosition),
                            "queueNote" | "queue_note" => Ok(GeneratedField::QueueNote),
                            "queueDone" | "queue_done" => Ok(GeneratedField::QueueDone),
                            "pullRequests" | "pull_requests" => Ok(GeneratedField::PullRequests),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Workstream;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.Workstream")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Workstream, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut project_id__ = None;
                let mut issue_id__ = None;
                let mut agent_id__ = None;
                let mut branch__ = None;
                let mut state__ = None;
                let mut created_at_ms__ = None;
                let mut issue_key__ = None;
                let mut pushes__ = None;
                let mut ready_at_ms__ = None;
                let mut queue_position__ = None;
                let mut queue_note__ = None;
                let mut queue_done__ = None;
                let mut pull_requests__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AgentId => {
                            if agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("agentId"));
                            }
                            agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Branch => {
                            if branch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("branch"));
                            }
                            branch__ = Some(map_.next_value()?);
                        }
                        GeneratedField::State => {
                            if state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("state"));
                            }
                            state__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                        GeneratedField::CreatedAtMs => {
                            if created_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createdAtMs"));
                            }
                            created_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::IssueKey => {
                            if issue_key__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueKey"));
                            }
                            issue_key__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Pushes => {
                            if pushes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pushes"));
                            }
                            pushes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ReadyAtMs => {
                            if ready_at_ms__.is_some() {
                                return Err(serde::de::Error::duplicate_field("readyAtMs"));
                            }
                            ready_at_ms__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::QueuePosition => {
                            if queue_position__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queuePosition"));
                            }
                            queue_position__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::QueueNote => {
                            if queue_note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueNote"));
                            }
                            queue_note__ = Some(map_.next_value()?);
                        }
                        GeneratedField::QueueDone => {
                            if queue_done__.is_some() {
                                return Err(serde::de::Error::duplicate_field("queueDone"));
                            }
                            queue_done__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PullRequests => {
                            if pull_requests__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pullRequests"));
                            }
                            pull_requests__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Workstream {
                    id: id__.unwrap_or_default(),
                    project_id: project_id__.unwrap_or_default(),
                    issue_id: issue_id__.unwrap_or_default(),
                    agent_id: agent_id__.unwrap_or_default(),
                    branch: branch__.unwrap_or_default(),
                    state: state__.unwrap_or_default(),
                    created_at_ms: created_at_ms__.unwrap_or_default(),
                    issue_key: issue_key__.unwrap_or_default(),
                    pushes: pushes__.unwrap_or_default(),
                    ready_at_ms: ready_at_ms__.unwrap_or_default(),
                    queue_position: queue_position__.unwrap_or_default(),
                    queue_note: queue_note__.unwrap_or_default(),
                    queue_done: queue_done__.unwrap_or_default(),
                    pull_requests: pull_requests__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.Workstream", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamCreated {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.workstream.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamCreated", len)?;
        if let Some(v) = self.workstream.as_ref() {
            struct_ser.serialize_field("workstream", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamCreated {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Workstream,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstream" => Ok(GeneratedField::Workstream),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamCreated;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamCreated")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamCreated, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Workstream => {
                            if workstream__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstream"));
                            }
                            workstream__ = map_.next_value()?;
                        }
                    }
                }
                Ok(WorkstreamCreated {
                    workstream: workstream__,
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamCreated", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamDiff {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.workstream_id.is_empty() {
            len += 1;
        }
        if !self.branch.is_empty() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamDiff", len)?;
        if !self.workstream_id.is_empty() {
            struct_ser.serialize_field("workstreamId", &self.workstream_id)?;
        }
        if !self.branch.is_empty() {
            struct_ser.serialize_field("branch", &self.branch)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamDiff {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "workstream_id",
            "workstreamId",
            "branch",
            "repos",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            WorkstreamId,
            Branch,
            Repos,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "workstreamId" | "workstream_id" => Ok(GeneratedField::WorkstreamId),
                            "branch" => Ok(GeneratedField::Branch),
                            "repos" => Ok(GeneratedField::Repos),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamDiff;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamDiff")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamDiff, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut workstream_id__ = None;
                let mut branch__ = None;
                let mut repos__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::WorkstreamId => {
                            if workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("workstreamId"));
                            }
                            workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Branch => {
                            if branch__.is_some() {
                                return Err(serde::de::Error::duplicate_field("branch"));
                            }
                            branch__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WorkstreamDiff {
                    workstream_id: workstream_id__.unwrap_or_default(),
                    branch: branch__.unwrap_or_default(),
                    repos: repos__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamDiff", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamMerged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if !self.repos.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamMerged", len)?;
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if !self.repos.is_empty() {
            struct_ser.serialize_field("repos", &self.repos)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamMerged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue_id",
            "issueId",
            "repos",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IssueId,
            Repos,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "repos" => Ok(GeneratedField::Repos),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamMerged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamMerged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamMerged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue_id__ = None;
                let mut repos__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Repos => {
                            if repos__.is_some() {
                                return Err(serde::de::Error::duplicate_field("repos"));
                            }
                            repos__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WorkstreamMerged {
                    issue_id: issue_id__.unwrap_or_default(),
                    repos: repos__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamMerged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamState {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "WORKSTREAM_STATE_UNSPECIFIED",
            Self::Backlog => "WORKSTREAM_STATE_BACKLOG",
            Self::InProgress => "WORKSTREAM_STATE_IN_PROGRESS",
            Self::InReview => "WORKSTREAM_STATE_IN_REVIEW",
            Self::Merged => "WORKSTREAM_STATE_MERGED",
            Self::Paused => "WORKSTREAM_STATE_PAUSED",
            Self::Failed => "WORKSTREAM_STATE_FAILED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamState {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "WORKSTREAM_STATE_UNSPECIFIED",
            "WORKSTREAM_STATE_BACKLOG",
            "WORKSTREAM_STATE_IN_PROGRESS",
            "WORKSTREAM_STATE_IN_REVIEW",
            "WORKSTREAM_STATE_MERGED",
            "WORKSTREAM_STATE_PAUSED",
            "WORKSTREAM_STATE_FAILED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = WorkstreamState;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "WORKSTREAM_STATE_UNSPECIFIED" => Ok(WorkstreamState::Unspecified),
                    "WORKSTREAM_STATE_BACKLOG" => Ok(WorkstreamState::Backlog),
                    "WORKSTREAM_STATE_IN_PROGRESS" => Ok(WorkstreamState::InProgress),
                    "WORKSTREAM_STATE_IN_REVIEW" => Ok(WorkstreamState::InReview),
                    "WORKSTREAM_STATE_MERGED" => Ok(WorkstreamState::Merged),
                    "WORKSTREAM_STATE_PAUSED" => Ok(WorkstreamState::Paused),
                    "WORKSTREAM_STATE_FAILED" => Ok(WorkstreamState::Failed),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamStateChanged {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.issue_id.is_empty() {
            len += 1;
        }
        if self.from != 0 {
            len += 1;
        }
        if self.to != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamStateChanged", len)?;
        if !self.issue_id.is_empty() {
            struct_ser.serialize_field("issueId", &self.issue_id)?;
        }
        if self.from != 0 {
            let v = WorkstreamState::try_from(self.from)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.from)))?;
            struct_ser.serialize_field("from", &v)?;
        }
        if self.to != 0 {
            let v = WorkstreamState::try_from(self.to)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.to)))?;
            struct_ser.serialize_field("to", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamStateChanged {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issue_id",
            "issueId",
            "from",
            "to",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IssueId,
            From,
            To,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "issueId" | "issue_id" => Ok(GeneratedField::IssueId),
                            "from" => Ok(GeneratedField::From),
                            "to" => Ok(GeneratedField::To),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamStateChanged;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamStateChanged")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamStateChanged, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issue_id__ = None;
                let mut from__ = None;
                let mut to__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IssueId => {
                            if issue_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issueId"));
                            }
                            issue_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::From => {
                            if from__.is_some() {
                                return Err(serde::de::Error::duplicate_field("from"));
                            }
                            from__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                        GeneratedField::To => {
                            if to__.is_some() {
                                return Err(serde::de::Error::duplicate_field("to"));
                            }
                            to__ = Some(map_.next_value::<WorkstreamState>()? as i32);
                        }
                    }
                }
                Ok(WorkstreamStateChanged {
                    issue_id: issue_id__.unwrap_or_default(),
                    from: from__.unwrap_or_default(),
                    to: to__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamStateChanged", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamsOverlap {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.other_workstream_id.is_empty() {
            len += 1;
        }
        if !self.other_agent_id.is_empty() {
            len += 1;
        }
        if !self.paths.is_empty() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamsOverlap", len)?;
        if !self.other_workstream_id.is_empty() {
            struct_ser.serialize_field("otherWorkstreamId", &self.other_workstream_id)?;
        }
        if !self.other_agent_id.is_empty() {
            struct_ser.serialize_field("otherAgentId", &self.other_agent_id)?;
        }
        if !self.paths.is_empty() {
            struct_ser.serialize_field("paths", &self.paths)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamsOverlap {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "other_workstream_id",
            "otherWorkstreamId",
            "other_agent_id",
            "otherAgentId",
            "paths",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            OtherWorkstreamId,
            OtherAgentId,
            Paths,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "otherWorkstreamId" | "other_workstream_id" => Ok(GeneratedField::OtherWorkstreamId),
                            "otherAgentId" | "other_agent_id" => Ok(GeneratedField::OtherAgentId),
                            "paths" => Ok(GeneratedField::Paths),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamsOverlap;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamsOverlap")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamsOverlap, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut other_workstream_id__ = None;
                let mut other_agent_id__ = None;
                let mut paths__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::OtherWorkstreamId => {
                            if other_workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("otherWorkstreamId"));
                            }
                            other_workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OtherAgentId => {
                            if other_agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("otherAgentId"));
                            }
                            other_agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Paths => {
                            if paths__.is_some() {
                                return Err(serde::de::Error::duplicate_field("paths"));
                            }
                            paths__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(WorkstreamsOverlap {
                    other_workstream_id: other_workstream_id__.unwrap_or_default(),
                    other_agent_id: other_agent_id__.unwrap_or_default(),
                    paths: paths__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamsOverlap", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for WorkstreamsOverlapEnded {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if !self.other_workstream_id.is_empty() {
            len += 1;
        }
        if !self.other_agent_id.is_empty() {
            len += 1;
        }
        if self.why != 0 {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("compass.v1.WorkstreamsOverlapEnded", len)?;
        if !self.other_workstream_id.is_empty() {
            struct_ser.serialize_field("otherWorkstreamId", &self.other_workstream_id)?;
        }
        if !self.other_agent_id.is_empty() {
            struct_ser.serialize_field("otherAgentId", &self.other_agent_id)?;
        }
        if self.why != 0 {
            let v = OverlapEnd::try_from(self.why)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.why)))?;
            struct_ser.serialize_field("why", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for WorkstreamsOverlapEnded {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "other_workstream_id",
            "otherWorkstreamId",
            "other_agent_id",
            "otherAgentId",
            "why",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            OtherWorkstreamId,
            OtherAgentId,
            Why,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "otherWorkstreamId" | "other_workstream_id" => Ok(GeneratedField::OtherWorkstreamId),
                            "otherAgentId" | "other_agent_id" => Ok(GeneratedField::OtherAgentId),
                            "why" => Ok(GeneratedField::Why),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = WorkstreamsOverlapEnded;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct compass.v1.WorkstreamsOverlapEnded")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<WorkstreamsOverlapEnded, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut other_workstream_id__ = None;
                let mut other_agent_id__ = None;
                let mut why__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::OtherWorkstreamId => {
                            if other_workstream_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("otherWorkstreamId"));
                            }
                            other_workstream_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OtherAgentId => {
                            if other_agent_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("otherAgentId"));
                            }
                            other_agent_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Why => {
                            if why__.is_some() {
                                return Err(serde::de::Error::duplicate_field("why"));
                            }
                            why__ = Some(map_.next_value::<OverlapEnd>()? as i32);
                        }
                    }
                }
                Ok(WorkstreamsOverlapEnded {
                    other_workstream_id: other_workstream_id__.unwrap_or_default(),
                    other_agent_id: other_agent_id__.unwrap_or_default(),
                    why: why__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("compass.v1.WorkstreamsOverlapEnded", FIELDS, GeneratedVisitor)
    }
}
