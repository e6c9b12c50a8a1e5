import org.gradle.api.DefaultTask
import org.gradle.api.tasks.TaskAction
import java.security.MessageDigest

/**
 * 本地签名自检：只在终端打印，不联网。
 * 密码类属性只显示“已设置/未设置”，keystore 只显示文件名和 SHA-256 指纹。
 */
abstract class SigningReportTask : DefaultTask() {
    private val keys = listOf("RELEASE_STORE_FILE", "RELEASE_STORE_PASSWORD", "RELEASE_KEY_ALIAS", "RELEASE_KEY_PASSWORD")

    init {
        group = "help"
        description = "打印签名配置是否齐全（不显示密码）"
    }

    @TaskAction
    fun report() {
        for (k in keys) {
            val fromProp = project.findProperty(k)?.toString()
            val fromEnv = System.getenv(k)
            val value = fromProp ?: fromEnv
            val source = when {
                fromProp != null -> "gradle 属性"
                fromEnv != null -> "环境变量"
                else -> "-"
            }
            val shown = when {
                value == null -> "未设置"
                k.endsWith("PASSWORD") -> "已设置（${value.length} 位）"
                else -> value
            }
            logger.lifecycle("%-24s %-10s %s".format(k, source, shown))
        }
        val path = project.findProperty("RELEASE_STORE_FILE")?.toString() ?: System.getenv("RELEASE_STORE_FILE")
        val store = path?.let { project.rootProject.file(it) }
        if (store == null || !store.isFile) {
            logger.lifecycle("keystore：未找到")
            return
        }
        val digest = MessageDigest.getInstance("SHA-256").digest(store.readBytes())
        val fp = digest.joinToString(":") { "%02X".format(it) }
        logger.lifecycle("keystore：${store.name}  SHA-256 文件指纹 $fp")
        logger.lifecycle("对比本地与 CI 的指纹即可判断是否使用了同一个 keystore。")
    }
}
