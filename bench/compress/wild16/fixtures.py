"""Small fixture projects of the `wild16` corpus (gen.py writes them under WORKDIR): configs of
services with faults put in the middle, Terraform and workflow files, a WSGI app, migrations."""

PROM_YML = """global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [rules.yml]
alerting:
  alertmanagers:
    - static_configs:
        - targets: ['127.0.0.1:19193']
scrape_configs:
  - job_name: self
    static_configs: [{targets: ['127.0.0.1:19090']}]
  - job_name: nodes
    scrape_interval: 2s
    static_configs: [{targets: ['127.0.0.1:19101', '127.0.0.1:19102', '127.0.0.1:19103', '127.0.0.1:19104',
                                '127.0.0.1:19105', '127.0.0.1:19106', '127.0.0.1:19107', '127.0.0.1:19108']}]
  - job_name: broker
    metrics_path: /stats
    static_configs: [{targets: ['127.0.0.1:19183']}]
"""

PROM_BROKEN_RELOAD = """global:
  scrape_interval: 1s
scrape_configs:
  - job_name: self
    static_configs: [{targets: ['127.0.0.1:19090']}]
  - job_name: self
    scrape_timeout: 5s
    scrape_interval: 2s
    static_configs: [{targets: ['127.0.0.1:19091']}]
"""

RULES_HEAD = """groups:
  - name: recording
    rules:
"""
# gen.py appends one recording rule per real metric family of the running server, then these
RULES_TAIL = """  - name: alerts
    rules:
      - alert: TargetDown
        expr: up == 0
        labels: {severity: page}
        annotations: {summary: "{{ $labels.instance }} of {{ $labels.job }} is down"}
      - alert: ScrapeRatio
        expr: sum(up) / on() up
        labels: {severity: ticket}
      - alert: SlowRules
        expr: prometheus_rule_group_last_duration_seconds > 0.5
        for: 1m
"""

RULE_TESTS = """rule_files: [rules.yml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      - series: 'up{job="nodes", instance="a:9100"}'
        values: '1 1 0 0 0 0'
      - series: 'up{job="nodes", instance="b:9100"}'
        values: '1 1 1 1 1 1'
    alert_rule_test:
      - eval_time: 4m
        alertname: TargetDown
        exp_alerts:
          - exp_labels: {severity: page, job: nodes, instance: "a:9100"}
            exp_annotations: {summary: "a:9100 of nodes is down"}
      - eval_time: 5m
        alertname: TargetDown
        exp_alerts:
          - exp_labels: {severity: critical, job: nodes, instance: "a:9100"}
            exp_annotations: {summary: "a:9100 of nodes is down"}
  - interval: 1m
    input_series:
      - series: 'prometheus_rule_group_last_duration_seconds{rule_group="recording"}'
        values: '0.9x10'
    alert_rule_test:
      - eval_time: 30s
        alertname: SlowRules
        exp_alerts: []
      - eval_time: 5m
        alertname: SlowRules
        exp_alerts: []
    promql_expr_test:
      - expr: prometheus_rule_group_last_duration_seconds * 2
        eval_time: 2m
        exp_samples:
          - labels: 'prometheus_rule_group_last_duration_seconds{rule_group="recording"}'
            value: 1.8
"""

AM_YML = """global:
  resolve_timeout: 1m
route:
  receiver: ops
  group_by: [alertname, job, instance]
  group_wait: 1s
  group_interval: 2s
  repeat_interval: 4s
  routes:
    - matchers: [severity="page"]
      receiver: pager
      continue: true
    - matchers: [team=~"db|storage"]
      receiver: db
inhibit_rules:
  - source_matchers: [severity="page"]
    target_matchers: [severity="ticket"]
    equal: [job]
receivers:
  - name: ops
    webhook_configs:
      - url: http://127.0.0.1:19199/ops
        max_alerts: 5
  - name: pager
    webhook_configs:
      - url: http://127.0.0.1:19199/pager
  - name: db
    webhook_configs:
      - url: http://127.0.0.1:19198/db
"""

AM_BAD = AM_YML.replace("      receiver: db\n", "      receiver: dba\n").replace("  group_interval: 2s\n", "  group_interval: 2x\n")

CADDYFILE = """{
	admin 127.0.0.1:19219
	auto_https off
	log {
		level DEBUG
	}
}

http://127.0.0.1:19280 {
	bind 127.0.0.1
	log
	root * DOCROOT
	file_server browse
	handle_path /api/* {
		reverse_proxy 127.0.0.1:19281 127.0.0.1:19282 {
			lb_policy round_robin
			fail_duration 2s
		}
	}
	respond /health 200
	redir /old /new 301
}
"""

CADDY_BAD = """{
	auto_https off
}

http://127.0.0.1:19290 {
	root * /srv
	file_server {
		browse
		hide .git
	}
	reverse_proxy /api/* 127.0.0.1:9000 {
		lb_policy round_robin
		health_uri /health
		health_interval 10x
	}
	header /static/* Cache-Control "max-age=3600"
	encode gzip zstd
	rewrite /app/* /index.html
	tls internal
	respnd /ping 200
}
"""

MOSQ_CONF = """per_listener_settings true
log_type all
connection_messages true
listener 19183 127.0.0.1
allow_anonymous true
max_packet_size 2048
listener 19184 127.0.0.1
allow_anonymous false
password_file PWFILE
"""

WSGI_APP = """import json

LEDGER = {"acme": 1200, "globex": -40, "initech": 310}


def application(environ, start_response):
    path = environ.get("PATH_INFO", "/")
    if path == "/":
        body = json.dumps(sorted(LEDGER)).encode()
    elif path.startswith("/balance/"):
        name = path.rsplit("/", 1)[1]
        body = json.dumps({"name": name, "cents": LEDGER[name]}).encode()
    elif path.startswith("/ratio/"):
        a, b = path.split("/")[2:4]
        body = json.dumps({"ratio": LEDGER[a] / LEDGER.get(b, 0)}).encode()
    else:
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found"]
    start_response("200 OK", [("Content-Type", "application/json")])
    return [body]
"""

TF_MAIN = """terraform {
  required_version = ">= 1.5"
}

variable "services" {
  type = map(object({ replicas = number, port = number }))
  default = {
    api    = { replicas = 3, port = 8080 }
    worker = { replicas = 2, port = 9090 }
    cron   = { replicas = 1, port = 0 }
  }
}

variable "region" {
  type    = string
  default = "eu-west-1"
  validation {
    condition     = can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))
    error_message = "The region must look like eu-west-1."
  }
}

locals {
  replicas = flatten([for name, s in var.services : [for i in range(s.replicas) : { name = name, index = i, port = s.port }]])
}

resource "terraform_data" "replica" {
  for_each = { for r in local.replicas : "${r.name}-${r.index}" => r }
  input    = { name = each.value.name, port = each.value.port, region = var.region }

  lifecycle {
    precondition {
      condition     = each.value.port > 0
      error_message = "Service ${each.value.name} has no port."
    }
  }
}

check "ports_unique" {
  assert {
    condition     = length(distinct([for s in var.services : s.port])) == length(var.services)
    error_message = "Two services share a port."
  }
}

output "replicas" {
  value = { for k, r in terraform_data.replica : k => r.output }
}
"""

TF_BROKEN = {
    "network.tf": """resource "terraform_data" "subnet" {
  count = 4
  input = cidrsubnet("10.0.0.0/16", 8, count.index)
}

resource "terraform_data" "route" {
  count = length(terraform_data.subnets)
  input = terraform_data.subnet[count.index].output
}

output "first_subnet" {
  value = terraform_data.subnet[0].outputs
}
""",
    "dns.tf": """locals {
  zone    = "example.internal"
  records = { for i, s in terraform_data.subnet : "host${i}.${local.zone}" => s.output }
  ttl     = "300" + 1
}

resource "terraform_data" "record" {
  for_each = local.records
  input    = { name = each.key, value = each.value, ttl = local.ttl }
  provisioner "local-exec" {
    command = "echo ${each.key}"
  }
  unknown_argument = true
}

variable "zone_id" {
  type    = number
  default = 1234
}
""",
    "moved.tf": """moved {
  from = terraform_data.old_route
  to   = terraform_data.route
}
""",
}

WORKFLOWS = {
    "ci.yml": """name: ci
on:
  push:
    branches: [main]
  pull_request:
jobs:
  test:
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest, macos-latest]
        python: ['3.10', '3.11', 3.12]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.pyhton }}
      - run: pip install -e .[test]
      - run: pytest -q --junitxml=report.xml
      - uses: actions/upload-artifact@v4
        if: ${{ failure() }}
        with:
          name: report-${{ matrix.os }}
          path: report.xml
  lint:
    runs-on: ubuntu-latest
    needs: [tests]
    steps:
      - uses: actions/checkout@v4
      - run: |
          echo "title: ${{ github.event.pull_request.title }}"
          ruff check .
""",
    "release.yml": """name: release
on:
  release:
    types: [publishd]
  workflow_dispatch:
    inputs:
      dry_run:
        type: boolean
        default: 'yes'
jobs:
  build:
    runs-on: ubuntu-latest
    outputs:
      version: ${{ steps.v.outputs.version }}
    steps:
      - uses: actions/checkout@v4
      - id: v
        run: echo "version=$(git describe --tags)" >> $GITHUB_OUTPUT
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
          registry: https://registry.npmjs.org
  publish:
    needs: build
    runs-on: ubuntu-latest
    environment: release
    steps:
      - run: echo publishing ${{ needs.build.outputs.versoin }}
      - run: npm publish
        env:
          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}
        timeout-minutes: thirty
""",
    "deploy.yml": """name: deploy
on:
  pull_request_target:
  issue_comment:
    types: [created]
permissions: write-all
jobs:
  preview:
    if: contains(github.event.comment.body, '/deploy')
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - uses: some-org/deploy-action@main
        with:
          token: ${{ secrets.GITHUB_TOKEN }}
          branch: ${{ github.head_ref }}
      - run: |
          echo "Deploying ${{ github.event.pull_request.head.ref }}"
          curl -X POST -d "body=${{ github.event.comment.body }}" https://hooks.example.com/deploy
      - uses: docker://alpine:latest
        with:
          args: echo ${{ github.event.issue.title }}
""",
    "nightly.yml": """name: nightly
on:
  schedule:
    - cron: '0 25 * * *'
jobs:
  bench:
    runs-on: [self-hosted, linux]
    container: python:3.12
    steps:
      - uses: actions/checkout@v4
      - uses: actions/cache@v4
        with:
          path: ~/.cache/pip
          key: pip-${{ hashFiles('requirements.txt') }}
      - run: python bench.py > out.txt
      - run: |
          if [ "${{ env.FAST }}" == "1" ]; then
            echo fast
          fi
""",
}

ALEMBIC_VERSIONS = {
    "0001_accounts.py": """revision = "0001"
down_revision = None
from alembic import op
import sqlalchemy as sa


def upgrade():
    op.create_table("accounts", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("name", sa.String(40), nullable=False, unique=True))


def downgrade():
    op.drop_table("accounts")
""",
    "0002_entries.py": """revision = "0002"
down_revision = "0001"
from alembic import op
import sqlalchemy as sa


def upgrade():
    op.create_table("entries", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id")),
                    sa.Column("cents", sa.Integer, nullable=False))
    op.execute("INSERT INTO accounts (name) VALUES ('acme'), ('globex'), ('acme')")


def downgrade():
    op.drop_table("entries")
""",
    "0003_index.py": """revision = "0003"
down_revision = "0002"
from alembic import op


def upgrade():
    op.create_index("ix_entries_account", "entries", ["account_id"])


def downgrade():
    op.drop_index("ix_entries_account")
""",
}

RSYSLOG_CONF = """module(load="imuxsock")
module(load="imklog" permitnonkernelfacility="on")
module(load="imnosuch")
$ActionFileDefaultTemplate RSYSLOG_TraditionalFileFormat
$RepeatedMsgReduction on
$FileOwner root
$FileGroup adm
$FileCreateMode 0640
template(name="json" type="list") {
  property(name="timereported" dateFormat="rfc3339")
  constant(value=" ")
  property(name="msg" format="jsonf")
}
*.*;auth,authpriv.none   -/var/log/syslog
auth,authpriv.*          /var/log/auth.log
kern.*                   -/var/log/kern.log
mail.*                   -/var/log/mail.log
local7.*                 action(type="omfile" file="/var/log/boot.log" template="nosuchtemplate")
user.*                   action(type="omfwd" target="127.0.0.1" port="10514" protocol="tcpx")
if $programname == 'ledger' then {
  action(type="omfile" file="/var/log/ledger.log")
  stop
*.emerg                  :omusrmsg:*
"""

IAC_TF = {
    "storage.tf": """resource "aws_s3_bucket" "reports" {
  bucket = "ledger-reports"
}

resource "aws_s3_bucket_acl" "reports" {
  bucket = aws_s3_bucket.reports.id
  acl    = "public-read"
}

resource "aws_s3_bucket_versioning" "reports" {
  bucket = aws_s3_bucket.reports.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_db_instance" "ledger" {
  identifier          = "ledger"
  engine              = "postgres"
  instance_class      = "db.t3.micro"
  allocated_storage   = 20
  username            = "ledger"
  password            = "hunter2hunter2"
  publicly_accessible = true
  skip_final_snapshot = true
}
""",
    "compute.tf": """resource "aws_security_group" "web" {
  name = "web"
  ingress {
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "aws_instance" "web" {
  ami                    = "ami-0123456789abcdef0"
  instance_type          = "t3.small"
  vpc_security_group_ids = [aws_security_group.web.id]
  user_data              = "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
  root_block_device {
    volume_size = 30
  }
}

resource "aws_lambda_function" "hook" {
  function_name = "hook"
  role          = "arn:aws:iam::123456789012:role/hook"
  handler       = "main.handler"
  runtime       = "python3.12"
  filename      = "hook.zip"
}
""",
}

IAC_K8S = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: ledger-api
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels: {app: ledger-api}
  template:
    metadata:
      labels: {app: ledger-api}
    spec:
      containers:
        - name: api
          image: ledger/api:latest
          ports: [{containerPort: 8080}]
          securityContext:
            privileged: true
          env:
            - name: DB_PASSWORD
              value: hunter2hunter2
---
apiVersion: v1
kind: Service
metadata:
  name: ledger-api
spec:
  type: NodePort
  selector: {app: ledger-api}
  ports: [{port: 80, targetPort: 8080}]
"""

KUSTOMIZE = {
    "base/kustomization.yaml": "resources:\n  - deploy.yaml\nlabels:\n  - pairs: {team: ledger}\n    includeSelectors: false\n",
    "overlays/prod/kustomization.yaml": """resources:
  - ../../base
namePrefix: prod-
namespace: ledger
replicas:
  - name: ledger-api
    count: 4
images:
  - name: ledger/api
    newTag: "1.8.2"
configMapGenerator:
  - name: api-env
    literals: [LOG_LEVEL=info, REGION=eu-west-1]
""",
    "overlays/broken/kustomization.yaml": """resources:
  - ../../base
  - worker.yaml
patches:
  - target: {kind: Deployment, name: ledger-worker}
    patch: |-
      - op: replace
        path: /spec/replicas
        value: 3
""",
}
