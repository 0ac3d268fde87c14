package tfgentest

import "strconv"

// A kind describes one kind of block body: the attributes it may have, in
// the order they are written, and the nested blocks. The same table drives
// generation (gen.body) and the schemas (schema.go), so every name the
// generator writes is known to the schema.
type kind struct {
	name    string
	weight  int // share of its section (resource or data)
	attrs   []attrSpec
	blocks  []blockSpec
	dynamic []string // nested block types that may also come as dynamic blocks
}

type attrSpec struct {
	name string
	p    float64 // probability that a body has it
	val  func(g *gen)
}

type blockSpec struct {
	name     string
	p        float64 // probability that a body has at least one
	min, max int     // how many when present
	kind     *kind
}

func attr(name string, p float64, val func(g *gen)) attrSpec { return attrSpec{name, p, val} }

// Value writers shared by the kinds.

// lit writes one of the given strings.
func lit(choices ...string) func(g *gen) {
	return func(g *gen) { g.e.str(g.r.pick(choices), rawUnicode) }
}

// tmpl writes one of tmpls with probability p, else calls plain.
func tmpl(p float64, plain func(g *gen), tmpls ...string) func(g *gen) {
	return func(g *gen) {
		if g.r.chance(p) {
			g.e.str(g.r.pick(tmpls), rawUnicode)
			return
		}
		plain(g)
	}
}

func intIn(lo, hi int) func(g *gen) { return func(g *gen) { g.e.int(g.r.between(lo, hi)) } }

func ints(choices ...int) func(g *gen) {
	return func(g *gen) { g.e.int(choices[g.r.intn(len(choices))]) }
}

// num writes one of the given JSON number literals, such as "0.5" or "1e3".
func num(choices ...string) func(g *gen) {
	return func(g *gen) { g.e.number(g.r.pick(choices)) }
}

func boolP(p float64) func(g *gen) { return func(g *gen) { g.e.bool(g.r.chance(p)) } }

// orNull writes null with probability p, else calls v.
func orNull(p float64, v func(g *gen)) func(g *gen) {
	return func(g *gen) {
		if g.r.chance(p) {
			g.e.null()
			return
		}
		v(g)
	}
}

// strs writes an array of lo to hi different strings taken from choices
// (hi at most len(choices)).
func strs(lo, hi int, choices ...string) func(g *gen) {
	return func(g *gen) {
		g.e.arr()
		first := g.r.intn(len(choices))
		for i, n := 0, g.r.between(lo, hi); i < n; i++ {
			g.e.elem()
			g.e.str(choices[(first+i)%len(choices)], rawUnicode)
		}
		g.e.end(']')
	}
}

// list writes an array of the given strings, in order.
func list(items ...string) func(g *gen) {
	return func(g *gen) {
		g.e.arr()
		for _, s := range items {
			g.e.elem()
			g.e.str(s, rawUnicode)
		}
		g.e.end(']')
	}
}

// hexID writes prefix followed by n hex digits, like "ami-0c55b159cbfafe1f0".
func hexID(prefix string, n int) func(g *gen) {
	return func(g *gen) {
		b := make([]byte, 0, len(prefix)+n)
		b = append(b, prefix...)
		for i := 0; i < n; i++ {
			b = append(b, hexDigits[g.r.intn(16)])
		}
		g.e.str(string(b), rawUnicode)
	}
}

// name writes a resource-style name: the local name prefix, a word and a
// number, sometimes as a template.
func name(p float64, suffix string) func(g *gen) {
	return func(g *gen) {
		w := g.r.pick(words)
		n := strconv.Itoa(g.r.intn(1000))
		switch {
		case g.r.chance(p / 2):
			g.e.str("${local.name_prefix}-"+w+"-"+suffix, rawUnicode)
		case g.r.chance(p / 2):
			g.e.str("${var.project}-${var.env}-"+w+"-${count.index}", rawUnicode)
		default:
			g.e.str("atlas-"+g.r.pick(envs)+"-"+w+"-"+suffix+"-"+n, rawUnicode)
		}
	}
}

// description writes a human text: ASCII mostly, accented, CJK or emoji
// sometimes, written with \u escapes now and then.
func description(g *gen) {
	switch {
	case g.r.chance(0.7):
		mode := rawUnicode
		if g.r.chance(0.3) {
			mode = htmlSafe
		}
		g.e.str(g.r.pick(plainTexts), mode)
	case g.r.chance(0.3):
		g.e.str(g.r.pick(unicodeTexts), asciiOnly)
	default:
		g.e.str(g.r.pick(unicodeTexts), rawUnicode)
	}
}

// tags writes a map attribute of string values, the usual "tags".
func tags(g *gen) {
	g.e.obj()
	g.e.key("Name")
	name(0.2, "tag")(g)
	g.e.key("Environment")
	if g.r.chance(0.15) {
		g.e.str("${var.env}", rawUnicode)
	} else {
		g.e.str(g.r.pick(envs), rawUnicode)
	}
	if g.r.chance(0.6) {
		g.e.key("Team")
		g.e.str(g.r.pick(teams), rawUnicode)
	}
	if g.r.chance(0.5) {
		g.e.key("CostCenter")
		g.e.str("cc-"+strconv.Itoa(g.r.between(1000, 9999)), rawUnicode)
	}
	g.e.key("ManagedBy")
	g.e.str("terraform", rawUnicode)
	if g.r.chance(0.2) {
		g.e.key("Description")
		description(g)
	}
	if g.r.chance(0.08) {
		g.e.key("Mode")
		g.e.str("%{ if var.enabled }active%{ else }standby%{ endif }", rawUnicode)
	}
	g.e.end('}')
}

// policy writes an IAM policy document as a JSON string, the way generators
// that serialize it themselves do (escaped quotes everywhere).
func policy(g *gen) {
	if g.r.chance(0.15) {
		g.e.str(g.r.pick([]string{
			"${data.aws_iam_policy_document.assume.json}",
			`${jsonencode({Version = "2012-10-17", Statement = [{Effect = "Allow", Action = ["s3:GetObject"], Resource = ["${aws_s3_bucket.logs.arn}/*"]}]})}`,
		}), rawUnicode)
		return
	}
	mode := rawUnicode
	if g.r.chance(0.3) {
		mode = htmlSafe
	}
	g.e.str(g.r.pick(policies), mode)
}

var (
	envs  = []string{"prod", "staging", "dev", "qa"}
	teams = []string{"platform", "payments", "search", "data", "sre", "identity", "growth"}
	words = []string{"web", "api", "worker", "db", "cache", "queue", "auth", "billing", "search",
		"ingest", "metrics", "frontend", "backend", "batch", "edge", "gateway", "reports", "media",
		"mail", "admin"}
	plainTexts = []string{
		"Managed by Terraform",
		"Allow HTTPS from the load balancer",
		"Primary application servers",
		"Nightly batch processing",
		"Log archive bucket with lifecycle rules",
		"Internal service mesh traffic",
		"Read replica for reporting",
		"Alarm when the error rate stays high for 10 minutes",
		"Temporary workaround, see ticket OPS-1234",
		"Alarm when p99 latency > 500ms & errors > 1%",
		"Route <internal> traffic only",
		"",
	}
	unicodeTexts = []string{
		"Accès public — équipe Paris",
		"東京リージョンのウェブサーバー",
		"Serveur de sauvegarde nocturne 🌙",
		"Zürich Datenbank (Größe: 2 TiB)",
		"Servidor de caché — ñandú",
		"監視アラーム: CPU 使用率が高い",
		"🚀 launch pad for the café team",
		"Ωmega cluster · λ functions",
		"日本語の説明: バックアップ用ストレージ",
	}
	policies = []string{
		`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"lambda.amazonaws.com"},"Action":"sts:AssumeRole"}]}`,
		`{"Version":"2012-10-17","Statement":[{"Sid":"ReadOnly","Effect":"Allow","Action":["s3:GetObject","s3:ListBucket"],"Resource":["arn:aws:s3:::atlas-logs","arn:aws:s3:::atlas-logs/*"]}]}`,
		`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"arn:aws:s3:::home/$${aws:username}/*","Condition":{"Bool":{"aws:SecureTransport":"true"},"NumericLessThan":{"s3:max-keys":"10"}}}]}`,
		`{"Version":"2012-10-17","Statement":[{"Effect":"Deny","Action":"*","Resource":"*","Condition":{"StringNotEquals":{"aws:RequestedRegion":["us-east-1","eu-west-1"]}}}]}`,
	}
)

// userData writes a shell script with newlines, quotes and shell variables
// escaped from HCL as $${...}.
func userData(g *gen) {
	switch g.r.intn(4) {
	case 0:
		g.e.str("#!/bin/bash\nset -euo pipefail\necho \"Starting ${var.env} in ${var.region}\"\nexport APP_HOME=$${HOME}/app\nyum install -y nginx\nsystemctl enable --now nginx\n", rawUnicode)
	case 1:
		g.e.str("#cloud-config\npackages:\n  - nginx\n  - jq\nruncmd:\n  - [ sh, -c, \"echo 'hello from cloud-init' > /etc/motd\" ]\n", rawUnicode)
	case 2:
		g.e.str("#!/bin/sh\n# Générer la configuration\ncat > /etc/app.conf <<EOF\nlisten 8080\nlog_level info\nEOF\nsystemctl restart app\n", rawUnicode)
	default:
		g.e.str("C:\\Program Files\\Agent\\install.ps1 -Mode \"silent\"\tquiet", rawUnicode)
	}
}

var (
	ebsBlockDevice = &kind{name: "ebs_block_device", attrs: []attrSpec{
		attr("device_name", 1, lit("/dev/sdf", "/dev/sdg", "/dev/sdh", "/dev/xvdb")),
		attr("volume_size", 1, intIn(8, 2000)),
		attr("volume_type", 0.8, lit("gp3", "gp2", "io2", "st1")),
		attr("iops", 0.3, ints(3000, 6000, 16000)),
		attr("encrypted", 0.7, boolP(0.9)),
		attr("kms_key_id", 0.2, tmpl(0.8, lit("alias/aws/ebs"), "${aws_kms_key.main.arn}")),
		attr("delete_on_termination", 0.6, boolP(0.7)),
		attr("tags", 0.3, tags),
	}}
	rootBlockDevice = &kind{name: "root_block_device", attrs: []attrSpec{
		attr("volume_size", 1, intIn(8, 200)),
		attr("volume_type", 1, lit("gp3", "gp2")),
		attr("throughput", 0.4, ints(125, 250, 500)),
		attr("encrypted", 0.8, boolP(0.95)),
	}}
	metadataOptions = &kind{name: "metadata_options", attrs: []attrSpec{
		attr("http_endpoint", 1, lit("enabled")),
		attr("http_tokens", 1, lit("required", "optional")),
		attr("http_put_response_hop_limit", 0.7, ints(1, 2)),
	}}
	awsInstance = &kind{name: "aws_instance", weight: 20,
		attrs: []attrSpec{
			attr("ami", 1, tmpl(0.25, hexID("ami-0", 16), "${data.aws_ami.ubuntu.id}")),
			attr("instance_type", 1, tmpl(0.15, lit("t3.micro", "t3.large", "m6i.xlarge", "c7g.2xlarge", "r6a.4xlarge"),
				"${var.instance_type}", `${var.env == "prod" ? "m6i.large" : "t3.micro"}`)),
			attr("subnet_id", 0.9, tmpl(0.35, hexID("subnet-0", 16), "${aws_subnet.private[count.index % 3].id}", "${element(aws_subnet.private[*].id, 1)}")),
			attr("vpc_security_group_ids", 0.8, func(g *gen) {
				if g.r.chance(0.3) {
					strs(1, 1, "${aws_security_group.web.id}")(g)
					return
				}
				strs(1, 3, "sg-0a1b2c3d4e5f60718", "sg-0123456789abcdef0", "sg-0fedcba9876543210")(g)
			}),
			attr("key_name", 0.6, orNull(0.4, lit("deployer", "ops-2024", "bastion"))),
			attr("associate_public_ip_address", 0.6, boolP(0.3)),
			attr("monitoring", 0.5, boolP(0.6)),
			attr("ebs_optimized", 0.4, boolP(0.8)),
			attr("user_data", 0.35, userData),
			attr("iam_instance_profile", 0.3, lit("app-instance-profile", "ssm-managed")),
			attr("tags", 0.95, tags),
			attr("volume_tags", 0.2, tags),
		},
		blocks: []blockSpec{
			{"root_block_device", 0.7, 1, 1, rootBlockDevice},
			{"ebs_block_device", 0.4, 1, 3, ebsBlockDevice},
			{"metadata_options", 0.5, 1, 1, metadataOptions},
		},
		dynamic: []string{"ebs_block_device"},
	}

	sgRule = &kind{name: "ingress", attrs: []attrSpec{
		attr("description", 0.7, description),
		attr("from_port", 1, ints(22, 80, 443, 5432, 6379, 8080, 0)),
		attr("to_port", 1, ints(22, 80, 443, 5432, 6379, 8080, 65535)),
		attr("protocol", 1, lit("tcp", "udp", "-1")),
		attr("cidr_blocks", 0.8, tmpl(0.1, strs(0, 3, "10.0.0.0/16", "0.0.0.0/0", "172.16.0.0/12", "192.168.1.0/24"), "${[var.cidr]}")),
		attr("ipv6_cidr_blocks", 0.3, strs(0, 1, "::/0")),
		attr("security_groups", 0.2, strs(0, 1, "${aws_security_group.web.id}")),
		attr("self", 0.3, boolP(0.2)),
	}}
	awsSecurityGroup = &kind{name: "aws_security_group", weight: 12,
		attrs: []attrSpec{
			attr("name", 1, name(0.2, "sg")),
			attr("description", 0.9, description),
			attr("vpc_id", 1, tmpl(0.5, hexID("vpc-0", 16), "${aws_vpc.main.id}")),
			attr("revoke_rules_on_delete", 0.2, boolP(0.5)),
			attr("tags", 0.9, tags),
		},
		blocks: []blockSpec{
			{"ingress", 0.85, 1, 4, sgRule},
			{"egress", 0.7, 1, 1, sgRule},
		},
		dynamic: []string{"ingress"},
	}

	awsS3Bucket = &kind{name: "aws_s3_bucket", weight: 8,
		attrs: []attrSpec{
			attr("bucket", 1, tmpl(0.3, name(0, "bucket"), "${local.name_prefix}-logs-${count.index}", "${lower(var.project)}-${var.env}-artifacts")),
			attr("force_destroy", 0.6, boolP(0.2)),
			attr("object_lock_enabled", 0.2, boolP(0.5)),
			attr("tags", 0.9, tags),
		},
	}
	awsS3BucketPolicy = &kind{name: "aws_s3_bucket_policy", weight: 4,
		attrs: []attrSpec{
			attr("bucket", 1, tmpl(0.9, lit("atlas-logs"), "${aws_s3_bucket.logs.id}")),
			attr("policy", 1, policy),
		},
	}

	inlinePolicy = &kind{name: "inline_policy", attrs: []attrSpec{
		attr("name", 1, lit("s3-read", "kms-decrypt", "logs-write")),
		attr("policy", 1, policy),
	}}
	awsIAMRole = &kind{name: "aws_iam_role", weight: 8,
		attrs: []attrSpec{
			attr("name", 1, name(0.2, "role")),
			attr("path", 0.4, lit("/", "/service-role/")),
			attr("description", 0.5, description),
			attr("assume_role_policy", 1, policy),
			attr("max_session_duration", 0.3, ints(3600, 7200, 43200)),
			attr("managed_policy_arns", 0.4, strs(0, 2, "arn:aws:iam::aws:policy/ReadOnlyAccess", "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole")),
			attr("tags", 0.8, tags),
		},
		blocks: []blockSpec{{"inline_policy", 0.3, 1, 2, inlinePolicy}},
	}

	lambdaEnvironment = &kind{name: "environment", attrs: []attrSpec{
		attr("variables", 1, func(g *gen) {
			g.e.obj()
			g.e.key("LOG_LEVEL")
			g.e.str(g.r.pick([]string{"info", "debug", "warn"}), rawUnicode)
			g.e.key("STAGE")
			g.e.str("${var.env}", rawUnicode)
			g.e.key("TABLE_NAME")
			g.e.str("atlas-"+g.r.pick(words), rawUnicode)
			if g.r.chance(0.3) {
				g.e.key("GREETING")
				g.e.str(g.r.pick([]string{"Bonjour, ça va ?", "こんにちは 👋", "¡Hola!"}), rawUnicode)
			}
			if g.r.chance(0.3) {
				g.e.key("MAX_BATCH")
				g.e.str(strconv.Itoa(g.r.between(1, 500)), rawUnicode)
			}
			g.e.end('}')
		}),
	}}
	vpcConfig = &kind{name: "vpc_config", attrs: []attrSpec{
		attr("subnet_ids", 1, tmpl(0.5, strs(1, 3, "subnet-0a1b2c3d", "subnet-0e5f6a7b", "subnet-09c8d7e6"), "${aws_subnet.private[*].id}")),
		attr("security_group_ids", 1, strs(1, 1, "${aws_security_group.web.id}", "sg-0a1b2c3d4e5f60718")),
	}}
	awsLambdaFunction = &kind{name: "aws_lambda_function", weight: 6,
		attrs: []attrSpec{
			attr("function_name", 1, name(0.2, "fn")),
			attr("role", 1, tmpl(0.8, lit("arn:aws:iam::123456789012:role/lambda-exec"), "${aws_iam_role.lambda.arn}")),
			attr("handler", 1, lit("index.handler", "main", "app.lambda_handler", "bootstrap")),
			attr("runtime", 1, lit("nodejs20.x", "python3.12", "provided.al2023", "java21")),
			attr("filename", 0.6, lit("build/function.zip", "dist/handler.zip")),
			attr("source_code_hash", 0.5, hexID("", 44)),
			attr("memory_size", 0.8, ints(128, 256, 512, 1024, 3008)),
			attr("timeout", 0.8, ints(3, 10, 30, 60, 900)),
			attr("reserved_concurrent_executions", 0.2, ints(-1, 5, 100)),
			attr("architectures", 0.4, strs(1, 1, "arm64", "x86_64")),
			attr("publish", 0.3, boolP(0.5)),
			attr("tags", 0.8, tags),
		},
		blocks: []blockSpec{
			{"environment", 0.8, 1, 1, lambdaEnvironment},
			{"vpc_config", 0.3, 1, 1, vpcConfig},
		},
	}

	route53Alias = &kind{name: "alias", attrs: []attrSpec{
		attr("name", 1, lit("dualstack.atlas-alb-1234567890.us-east-1.elb.amazonaws.com")),
		attr("zone_id", 1, lit("Z35SXDOTRQ7X7K")),
		attr("evaluate_target_health", 1, boolP(0.5)),
	}}
	awsRoute53Record = &kind{name: "aws_route53_record", weight: 6,
		attrs: []attrSpec{
			attr("zone_id", 1, lit("Z0123456789ABCDEFGHIJ", "Z3P5QSUBK4POTI")),
			attr("name", 1, tmpl(0.4, lit("www.example.com", "api.example.com", "münchen.example.de", "xn--mnchen-3ya.example.de"),
				"${var.env}.${var.domain}", "api-${count.index}.${var.domain}")),
			attr("type", 1, lit("A", "AAAA", "CNAME", "TXT", "MX")),
			attr("ttl", 0.7, ints(60, 300, 3600, 86400)),
			attr("records", 0.7, strs(1, 3, "192.0.2.10", "198.51.100.7", "\"v=spf1 include:_spf.example.com ~all\"", "10 mail.example.com.")),
			attr("allow_overwrite", 0.2, boolP(0.5)),
		},
		blocks: []blockSpec{{"alias", 0.25, 1, 1, route53Alias}},
	}

	awsSubnet = &kind{name: "aws_subnet", weight: 6,
		attrs: []attrSpec{
			attr("vpc_id", 1, tmpl(0.5, hexID("vpc-0", 16), "${aws_vpc.main.id}")),
			attr("cidr_block", 1, tmpl(0.4, lit("10.0.1.0/24", "10.0.2.0/24", "10.0.128.0/20", "172.16.0.0/16"),
				"10.0.${count.index}.0/24", "10.${count.index + 10}.0.0/16")),
			attr("availability_zone", 0.9, tmpl(0.5, lit("us-east-1a", "us-east-1b", "eu-west-1c"),
				"${var.azs[count.index]}", "${data.aws_availability_zones.available.names[0]}")),
			attr("map_public_ip_on_launch", 0.6, boolP(0.3)),
			attr("ipv6_cidr_block", 0.2, orNull(0.5, lit("2600:1f18:abc:de00::/64"))),
			attr("tags", 0.9, tags),
		},
	}

	awsMetricAlarm = &kind{name: "aws_cloudwatch_metric_alarm", weight: 6,
		attrs: []attrSpec{
			attr("alarm_name", 1, name(0.2, "alarm")),
			attr("comparison_operator", 1, lit("GreaterThanThreshold", "LessThanThreshold", "GreaterThanOrEqualToThreshold")),
			attr("evaluation_periods", 1, ints(1, 2, 3, 5)),
			attr("metric_name", 1, lit("CPUUtilization", "Errors", "Latency", "5XXError", "FreeStorageSpace")),
			attr("namespace", 1, lit("AWS/EC2", "AWS/Lambda", "AWS/ApplicationELB", "AWS/RDS")),
			attr("period", 1, ints(60, 300, 900)),
			attr("statistic", 0.9, lit("Average", "Sum", "Maximum", "p99")),
			attr("threshold", 1, num("80", "80.5", "0.25", "1e3", "2.5E-1", "99.95", "1000000", "-1")),
			attr("alarm_description", 0.8, description),
			attr("treat_missing_data", 0.5, lit("missing", "notBreaching", "breaching")),
			attr("alarm_actions", 0.7, strs(0, 2, "arn:aws:sns:us-east-1:123456789012:alerts", "${aws_sns_topic.alerts.arn}")),
			attr("dimensions", 0.8, func(g *gen) {
				g.e.obj()
				g.e.key(g.r.pick([]string{"InstanceId", "FunctionName", "LoadBalancer", "DBInstanceIdentifier"}))
				if g.r.chance(0.3) {
					g.e.str("${aws_instance.web.id}", rawUnicode)
				} else {
					hexID("i-0", 16)(g)
				}
				g.e.end('}')
			}),
			attr("tags", 0.5, tags),
		},
	}

	localExec = &kind{name: "local-exec", attrs: []attrSpec{
		attr("command", 1, lit("echo ${self.private_ip} >> inventory.txt", "./scripts/notify.sh \"deploy finished\"", "echo 'done' && sleep 5")),
		attr("interpreter", 0.4, list("bash", "-c")),
		attr("working_dir", 0.2, lit("${path.module}/scripts")),
		attr("environment", 0.3, func(g *gen) {
			g.e.obj()
			g.e.key("TARGET")
			g.e.str("${self.id}", rawUnicode)
			g.e.key("WORKSPACE")
			g.e.str("${terraform.workspace}", rawUnicode)
			g.e.end('}')
		}),
		attr("when", 0.2, lit("destroy", "create")),
		attr("on_failure", 0.2, lit("continue", "fail")),
	}}
	nullResource = &kind{name: "null_resource", weight: 3,
		attrs: []attrSpec{
			attr("triggers", 1, func(g *gen) {
				g.e.obj()
				g.e.key("version")
				g.e.str("v"+strconv.Itoa(g.r.intn(20))+"."+strconv.Itoa(g.r.intn(10)), rawUnicode)
				if g.r.chance(0.5) {
					g.e.key("azs")
					g.e.str(`${join(",", var.azs)}`, rawUnicode)
				}
				if g.r.chance(0.5) {
					g.e.key("checksum")
					hexID("", 40)(g)
				}
				g.e.end('}')
			}),
		},
	}

	gceInitParams = &kind{name: "initialize_params", attrs: []attrSpec{
		attr("image", 1, lit("debian-cloud/debian-12", "ubuntu-os-cloud/ubuntu-2204-lts", "cos-cloud/cos-stable")),
		attr("size", 0.8, intIn(10, 500)),
		attr("type", 0.5, lit("pd-ssd", "pd-balanced")),
	}}
	gceBootDisk = &kind{name: "boot_disk", attrs: []attrSpec{
		attr("auto_delete", 0.5, boolP(0.8)),
	}, blocks: []blockSpec{{"initialize_params", 1, 1, 1, gceInitParams}}}
	gceAccessConfig = &kind{name: "access_config", attrs: []attrSpec{
		attr("nat_ip", 0.2, lit("203.0.113.7")),
	}}
	gceNetworkInterface = &kind{name: "network_interface", attrs: []attrSpec{
		attr("network", 1, lit("default", "projects/atlas/global/networks/vpc-main")),
		attr("subnetwork", 0.5, lit("regions/europe-west1/subnetworks/app")),
	}, blocks: []blockSpec{{"access_config", 0.5, 1, 1, gceAccessConfig}}}
	gceServiceAccount = &kind{name: "service_account", attrs: []attrSpec{
		attr("email", 1, lit("app@atlas-prod.iam.gserviceaccount.com")),
		attr("scopes", 1, strs(1, 2, "cloud-platform", "logging-write", "monitoring")),
	}}
	gceScheduling = &kind{name: "scheduling", attrs: []attrSpec{
		attr("preemptible", 1, boolP(0.3)),
		attr("automatic_restart", 1, boolP(0.7)),
		attr("on_host_maintenance", 0.5, lit("MIGRATE", "TERMINATE")),
	}}
	googleComputeInstance = &kind{name: "google_compute_instance", weight: 5,
		attrs: []attrSpec{
			attr("name", 1, name(0.2, "vm")),
			attr("machine_type", 1, lit("e2-medium", "n2-standard-4", "c3-highcpu-8")),
			attr("zone", 1, lit("europe-west1-b", "us-central1-a", "asia-northeast1-a")),
			attr("tags", 0.7, strs(1, 3, "http-server", "https-server", "ssh")),
			attr("labels", 0.8, func(g *gen) {
				g.e.obj()
				g.e.key("env")
				g.e.str(g.r.pick(envs), rawUnicode)
				g.e.key("team")
				g.e.str(g.r.pick(teams), rawUnicode)
				g.e.end('}')
			}),
			attr("metadata", 0.5, func(g *gen) {
				g.e.obj()
				g.e.key("startup-script")
				userData(g)
				g.e.key("enable-oslogin")
				g.e.str("TRUE", rawUnicode)
				g.e.end('}')
			}),
			attr("allow_stopping_for_update", 0.3, boolP(0.9)),
		},
		blocks: []blockSpec{
			{"boot_disk", 1, 1, 1, gceBootDisk},
			{"network_interface", 1, 1, 2, gceNetworkInterface},
			{"service_account", 0.6, 1, 1, gceServiceAccount},
			{"scheduling", 0.3, 1, 1, gceScheduling},
		},
	}

	k8sMetadata = &kind{name: "metadata", attrs: []attrSpec{
		attr("name", 1, name(0.2, "cm")),
		attr("namespace", 0.8, lit("default", "kube-system", "atlas")),
		attr("labels", 0.7, func(g *gen) {
			g.e.obj()
			g.e.key("app.kubernetes.io/name")
			g.e.str(g.r.pick(words), rawUnicode)
			g.e.key("app.kubernetes.io/managed-by")
			g.e.str("terraform", rawUnicode)
			g.e.end('}')
		}),
		attr("annotations", 0.3, func(g *gen) {
			g.e.obj()
			g.e.key("description")
			description(g)
			g.e.end('}')
		}),
	}}
	kubernetesConfigMap = &kind{name: "kubernetes_config_map", weight: 3,
		attrs: []attrSpec{
			attr("data", 1, func(g *gen) {
				g.e.obj()
				g.e.key("config.yaml")
				g.e.str("server:\n  port: 8080\n  host: \"0.0.0.0\"\nlogging:\n  level: info\n", rawUnicode)
				g.e.key("greeting.txt")
				g.e.str(g.r.pick([]string{"Bienvenue à l'équipe ✨", "ようこそ", "Hello, world!\n"}), rawUnicode)
				if g.r.chance(0.4) {
					g.e.key("endpoint")
					g.e.str("https://${var.env}.${var.domain}/api", rawUnicode)
				}
				g.e.end('}')
			}),
			attr("immutable", 0.3, boolP(0.5)),
		},
		blocks: []blockSpec{{"metadata", 1, 1, 1, k8sMetadata}},
	}
	kubernetesManifest = &kind{name: "kubernetes_manifest", weight: 3,
		attrs: []attrSpec{
			attr("manifest", 1, deployment),
		},
	}

	resourceKinds = []*kind{awsInstance, awsSecurityGroup, awsS3Bucket, awsS3BucketPolicy, awsIAMRole,
		awsLambdaFunction, awsRoute53Record, awsSubnet, awsMetricAlarm, nullResource,
		googleComputeInstance, kubernetesConfigMap, kubernetesManifest}
)

// deployment writes a Kubernetes Deployment as a nested object attribute.
func deployment(g *gen) {
	e := &g.e
	app := g.r.pick(words)
	e.obj()
	e.key("apiVersion")
	e.str("apps/v1", rawUnicode)
	e.key("kind")
	e.str("Deployment", rawUnicode)
	e.key("metadata")
	e.obj()
	e.key("name")
	e.str(app, rawUnicode)
	e.key("namespace")
	e.str("atlas", rawUnicode)
	e.key("labels")
	e.obj()
	e.key("app")
	e.str(app, rawUnicode)
	e.end('}')
	e.end('}')
	e.key("spec")
	e.obj()
	e.key("replicas")
	if g.r.chance(0.3) {
		e.str("${var.instance_count}", rawUnicode)
	} else {
		e.int(g.r.between(1, 5))
	}
	e.key("selector")
	e.obj()
	e.key("matchLabels")
	e.obj()
	e.key("app")
	e.str(app, rawUnicode)
	e.end('}')
	e.end('}')
	e.key("template")
	e.obj()
	e.key("spec")
	e.obj()
	e.key("containers")
	e.arr()
	e.elem()
	e.obj()
	e.key("name")
	e.str(app, rawUnicode)
	e.key("image")
	e.str("registry.example.com/atlas/"+app+":1."+strconv.Itoa(g.r.intn(30)), rawUnicode)
	e.key("ports")
	e.arr()
	e.elem()
	e.obj()
	e.key("containerPort")
	e.int(8080)
	e.end('}')
	e.end(']')
	e.key("env")
	e.arr()
	e.elem()
	e.obj()
	e.key("name")
	e.str("STAGE", rawUnicode)
	e.key("value")
	e.str("${var.env}", rawUnicode)
	e.end('}')
	e.end(']')
	e.key("resources")
	e.obj()
	e.key("limits")
	e.obj()
	e.key("cpu")
	e.str("500m", rawUnicode)
	e.key("memory")
	e.str("512Mi", rawUnicode)
	e.end('}')
	e.end('}')
	e.end('}')
	e.end(']')
	e.end('}')
	e.end('}')
	e.end('}')
	e.end('}')
}

var (
	amiFilter = &kind{name: "filter", attrs: []attrSpec{
		attr("name", 1, lit("name", "virtualization-type", "architecture")),
		attr("values", 1, strs(1, 2, "ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-*", "hvm", "x86_64")),
	}}
	awsAMI = &kind{name: "aws_ami", weight: 3,
		attrs: []attrSpec{
			attr("most_recent", 1, boolP(0.9)),
			attr("owners", 1, strs(1, 2, "099720109477", "amazon", "self")),
			attr("name_regex", 0.2, lit("^ubuntu/images/.*-\\d{8}$")),
		},
		blocks: []blockSpec{{"filter", 0.9, 1, 3, amiFilter}},
	}

	policyPrincipals = &kind{name: "principals", attrs: []attrSpec{
		attr("type", 1, lit("Service", "AWS", "Federated")),
		attr("identifiers", 1, strs(1, 2, "lambda.amazonaws.com", "ec2.amazonaws.com", "arn:aws:iam::123456789012:root")),
	}}
	policyCondition = &kind{name: "condition", attrs: []attrSpec{
		attr("test", 1, lit("StringEquals", "StringLike", "Bool")),
		attr("variable", 1, lit("aws:SecureTransport", "aws:PrincipalOrgID", "s3:prefix")),
		attr("values", 1, strs(1, 2, "true", "o-abc123", "home/$${aws:username}/*")),
	}}
	policyStatement = &kind{name: "statement", attrs: []attrSpec{
		attr("sid", 0.5, lit("AllowRead", "DenyInsecure", "AssumeRole")),
		attr("effect", 0.8, lit("Allow", "Deny")),
		attr("actions", 1, strs(1, 4, "s3:GetObject", "s3:PutObject", "s3:ListBucket", "kms:Decrypt", "sts:AssumeRole", "logs:*")),
		attr("resources", 0.8, tmpl(0.3, strs(1, 2, "*", "arn:aws:s3:::atlas-logs/*"), "${[aws_s3_bucket.logs.arn]}")),
	}, blocks: []blockSpec{
		{"principals", 0.5, 1, 1, policyPrincipals},
		{"condition", 0.3, 1, 2, policyCondition},
	}}
	awsIAMPolicyDocument = &kind{name: "aws_iam_policy_document", weight: 4,
		blocks: []blockSpec{{"statement", 1, 1, 3, policyStatement}},
	}
	awsAvailabilityZones = &kind{name: "aws_availability_zones", weight: 1,
		attrs: []attrSpec{attr("state", 0.8, lit("available"))},
	}
	awsCallerIdentity = &kind{name: "aws_caller_identity", weight: 1}
	awsVPCData        = &kind{name: "aws_vpc", weight: 2,
		attrs: []attrSpec{
			attr("default", 0.5, boolP(0.5)),
			attr("tags", 0.5, tags),
		},
		blocks: []blockSpec{{"filter", 0.4, 1, 1, amiFilter}},
	}
	awsSSMParameter = &kind{name: "aws_ssm_parameter", weight: 2,
		attrs: []attrSpec{
			attr("name", 1, tmpl(0.5, lit("/atlas/prod/db/password", "/atlas/shared/api-key"), "/${var.env}/db/password", "/${var.project}/${var.env}/token")),
			attr("with_decryption", 0.7, boolP(0.9)),
		},
	}

	dataKinds = []*kind{awsAMI, awsIAMPolicyDocument, awsAvailabilityZones, awsCallerIdentity, awsVPCData, awsSSMParameter}
)

// dynamicContent writes the content body of a dynamic block for the named
// block type, referring to the iterator it.
var dynamicContent = map[string]func(g *gen, it string){
	"ingress": func(g *gen, it string) {
		e := &g.e
		e.obj()
		e.key("description")
		e.str("rule ${"+it+".key}", rawUnicode)
		e.key("from_port")
		e.str("${"+it+".value.from_port}", rawUnicode)
		e.key("to_port")
		e.str("${"+it+".value.to_port}", rawUnicode)
		e.key("protocol")
		e.str("${"+it+".value.protocol}", rawUnicode)
		e.key("cidr_blocks")
		e.str("${"+it+".value.cidr_blocks}", rawUnicode)
		e.end('}')
	},
	"ebs_block_device": func(g *gen, it string) {
		e := &g.e
		e.obj()
		e.key("device_name")
		e.str("${"+it+".value.device_name}", rawUnicode)
		e.key("volume_size")
		e.str("${"+it+".value.volume_size}", rawUnicode)
		e.key("encrypted")
		e.bool(true)
		e.end('}')
	},
}

// dynamicIterator is the iterator name a dynamic block may set instead of
// the default, its block type.
var dynamicIterator = map[string]string{
	"ingress":          "rule",
	"ebs_block_device": "vol",
}

// dynamicForEach is the collection each dynamic block iterates over.
var dynamicForEach = map[string]string{
	"ingress":          "${var.ingress_rules}",
	"ebs_block_device": "${var.ebs_volumes}",
}
