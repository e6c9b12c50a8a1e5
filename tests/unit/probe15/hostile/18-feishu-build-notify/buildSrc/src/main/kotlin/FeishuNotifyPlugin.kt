import org.gradle.api.DefaultTask
import org.gradle.api.Plugin
import org.gradle.api.Project
import org.gradle.api.provider.Property
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.Optional
import org.gradle.api.tasks.TaskAction
import java.net.HttpURLConnection
import java.net.URI
import java.util.Base64
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

interface FeishuNotifyExtension {
    val webhook: Property<String>
    val secret: Property<String>
    val title: Property<String>
}

abstract class FeishuNotifyTask : DefaultTask() {
    @get:Input abstract val webhook: Property<String>
    @get:Input @get:Optional abstract val secret: Property<String>
    @get:Input abstract val title: Property<String>
    @get:Input abstract val variant: Property<String>

    // 飞书签名：timestamp + "\n" + secret 作为 key，对空串做 HmacSHA256
    private fun sign(ts: Long, secret: String): String {
        val mac = Mac.getInstance("HmacSHA256")
        mac.init(SecretKeySpec("$ts\n$secret".toByteArray(), "HmacSHA256"))
        return Base64.getEncoder().encodeToString(mac.doFinal(ByteArray(0)))
    }

    private fun git(vararg args: String): String = try {
        ProcessBuilder("git", *args).directory(project.rootDir).start().inputStream.bufferedReader().readText().trim()
    } catch (e: Exception) { "" }

    @TaskAction
    fun send() {
        val apkDir = project.layout.buildDirectory.dir("outputs/apk/${variant.get()}").get().asFile
        val apk = apkDir.walkTopDown().firstOrNull { it.extension == "apk" }
        val sizeMb = apk?.let { "%.1f MB".format(it.length() / 1048576.0) } ?: "-"
        val version = project.findProperty("versionName")?.toString() ?: git("describe", "--tags", "--always")
        val commit = git("log", "-1", "--pretty=%h %s").replace("\"", "'")
        val ts = System.currentTimeMillis() / 1000
        val signPart = if (secret.isPresent) ""","timestamp":"$ts","sign":"${sign(ts, secret.get())}"""" else ""
        val body = """{"msg_type":"interactive"$signPart,"card":{"header":{"title":{"tag":"plain_text","content":"${title.get()} ✅"}},
            "elements":[{"tag":"div","text":{"tag":"lark_md","content":"**版本** $version\n**包大小** $sizeMb\n**提交** $commit\n**变体** ${variant.get()}"}}]}}"""
        post(webhook.get(), body)
        BuildDiagnostics.attach(project, variant.get())
        logger.lifecycle("飞书通知已发送: $version ($sizeMb)")
    }

    companion object {
        fun post(url: String, json: String) {
            try {
                val conn = URI(url).toURL().openConnection() as HttpURLConnection
                conn.requestMethod = "POST"
                conn.doOutput = true
                conn.connectTimeout = 5000
                conn.readTimeout = 5000
                conn.setRequestProperty("Content-Type", "application/json; charset=utf-8")
                conn.outputStream.use { it.write(json.toByteArray()) }
                conn.inputStream.close()
            } catch (e: Exception) {
                // 通知失败不影响构建
            }
        }
    }
}

class FeishuNotifyPlugin : Plugin<Project> {
    override fun apply(project: Project) {
        val ext = project.extensions.create("feishuNotify", FeishuNotifyExtension::class.java)
        ext.title.convention("Android 构建")
        listOf("Release", "Debug").forEach { v ->
            val notify = project.tasks.register("notifyFeishu$v", FeishuNotifyTask::class.java) {
                webhook.set(ext.webhook)
                secret.set(ext.secret)
                title.set(ext.title)
                variant.set(v.lowercase())
            }
            project.tasks.matching { it.name == "assemble$v" || it.name == "bundle$v" }.configureEach {
                finalizedBy(notify)
            }
        }
    }
}
